import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_META, DEFAULT_WEBCASE_ID, matchSiteRoute, type RouteMatch } from '@site/shared-types';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { KeywordsService } from '../keywords/keywords.service.js';
import { RemotesService } from './remotes.service.js';

interface ShellFiles {
  template: string;
  assets: { scripts: string[]; styles: string[] };
}

export interface Page {
  status: number;
  html: string;
}

interface PageMeta {
  title: string;
  keywords: string;
  description: string;
}

/** How long the shell's template is reused before its files are read again (a shell rebuild shows up quickly). */
const SHELL_TTL_MS = 2000;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a `<script>` element: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function siteName(title: string): string {
  return title.split(/\s*[-_|–—]\s*/)[0]?.trim() || title;
}

/**
 * The shell's page for every non-API address (history mode): the status (404 for an unknown route), the
 * title, keywords and description (the keyword records; a case or article page uses its own title and intro),
 * the canonical link, and the configuration the shell starts from (remote pointer, mobile hosts).
 */
@Injectable()
export class PageService {
  private shell: { at: number; files: ShellFiles } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly keywords: KeywordsService,
    private readonly remotes: RemotesService,
  ) {}

  async render(req: Request): Promise<Page> {
    const files = await this.shellFiles();
    if (!files) {
      return {
        status: 503,
        html: '<!doctype html><meta charset="utf-8"><title>网站维护中</title><p>网站前端尚未构建，请运行 npm run build。</p>',
      };
    }
    const match = matchSiteRoute(req.path);
    const found = match ? await this.meta(match) : null;
    const meta = found ?? (await this.meta(null))!;
    const origin = this.config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const pointer = await this.remotes.pointer();

    const head = [
      `<title>${escapeHtml(meta.title)}</title>`,
      `<meta name="keywords" content="${escapeHtml(meta.keywords)}" />`,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      `<link rel="canonical" href="${escapeHtml(origin + req.path)}" />`,
      ...(found ? [] : ['<meta name="robots" content="noindex" />']),
    ].join('\n    ');
    const base = this.config.frontend.shellUrl ? `${this.config.frontend.shellUrl}/` : '/';
    const html = files.template
      .replace('<!--site-head-->', head)
      .replace(
        '<!--site-styles-->',
        files.assets.styles.map((href) => `<link rel="stylesheet" href="${base}${href}" />`).join(''),
      )
      .replace(
        '<!--site-config-->',
        `<script id="site-config" type="application/json">${scriptJson({ ...pointer, mobileHosts: this.config.mobileHosts })}</script>`,
      )
      .replace(
        '<!--site-scripts-->',
        files.assets.scripts.map((src) => `<script defer src="${base}${src}"></script>`).join(''),
      );
    return { status: found ? 200 : 404, html };
  }

  /** The page's meta, or `null` when the route names an id that does not exist (a not-found page). */
  private async meta(match: RouteMatch | null): Promise<PageMeta | null> {
    const records = await this.keywords.list();
    const record = (name: string) => records.find((r) => r.keywords === name)?.content.trim();
    const site: PageMeta = {
      title: record('title') || DEFAULT_META.title,
      keywords: record('keywords') || DEFAULT_META.keywords,
      description: record('description') || DEFAULT_META.description,
    };
    if (!match?.id) return site;
    const kind = match.route.name.replace(/^me/, '');
    if (kind === 'webcase')
      return match.id === DEFAULT_WEBCASE_ID || (await this.exists('case_class', match.id)) ? site : null;
    if (kind === 'items') return (await this.exists('menu', match.id)) ? site : null;
    const [item] = (await this.db.query(
      kind === 'details'
        ? 'SELECT name AS title, intro FROM "case" WHERE id = $1'
        : 'SELECT title, intro FROM news WHERE id = $1',
      [match.id],
    )) as { title: string; intro: string }[];
    if (!item) return null;
    return {
      title: `${item.title} - ${siteName(site.title)}`,
      keywords: site.keywords,
      description: item.intro || site.description,
    };
  }

  private async exists(table: 'menu' | 'case_class', id: number): Promise<boolean> {
    return ((await this.db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])) as unknown[]).length > 0;
  }

  private async shellFiles(): Promise<ShellFiles | null> {
    if (this.shell && Date.now() - this.shell.at < SHELL_TTL_MS) return this.shell.files;
    const files = await this.readShell().catch(() => null);
    if (files) this.shell = { at: Date.now(), files };
    return files;
  }

  private async readShell(): Promise<ShellFiles> {
    const { shellUrl, shellDir } = this.config.frontend;
    if (shellUrl) {
      const [template, assets] = await Promise.all([
        fetch(`${shellUrl}/index.html`).then((r) => r.text()),
        fetch(`${shellUrl}/assets.json`).then((r) => r.json() as Promise<ShellFiles['assets']>),
      ]);
      return { template, assets };
    }
    const [template, assets] = await Promise.all([
      fs.readFile(path.join(shellDir, 'index.html'), 'utf8'),
      fs.readFile(path.join(shellDir, 'assets.json'), 'utf8'),
    ]);
    return { template, assets: JSON.parse(assets) as ShellFiles['assets'] };
  }
}
