import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  counterpartPath,
  decideStartupRedirect,
  DEFAULT_META,
  DEFAULT_WEBCASE_ID,
  matchSiteRoute,
  type KeywordRecord,
  type RouteMatch,
  type SsrHead,
} from '@site/shared-types';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig, type RemoteName } from '../../config/config.js';
import { KeywordsService } from '../keywords/keywords.service.js';
import { RemotesService } from './remotes.service.js';
import { SsrService, type ServerRender } from './ssr.service.js';

interface ShellFiles {
  template: string;
  /** The text of assets.json: identifies the shell build. */
  build: string;
  assets: { scripts: string[]; styles: string[] };
}

/** The page's head before server rendering refines it: from the keyword records and, for an item, the item. */
interface PageMeta {
  title: string;
  keywords: string;
  description: string;
  image: string | null;
}

/** How long the shell's template is reused before its files are read again (a shell rebuild shows up quickly). */
const SHELL_TTL_MS = 2000;
const BODY_MARKER = '<!--site-body-->';

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

function remoteFor(match: RouteMatch | null, pathname: string): RemoteName {
  const face =
    match?.route.face ??
    (/^\/admin(\/|$)/.test(pathname) ? 'admin' : /^\/move(\/|$)/.test(pathname) ? 'mobile' : 'desktop');
  return face === 'admin' ? 'mf_admin' : face === 'mobile' ? 'mf_mobile' : 'mf_desktop';
}

/**
 * The shell's page for every non-API address (history mode):
 * - the start-up redirect (spec §2), answered as a 302 before anything is rendered;
 * - the status (404 for an unknown route or id), the head (title, keywords, description, canonical and
 *   desktop/mobile alternate links, link-card tags);
 * - for the public faces, the matched route rendered on the server (SsrService) and streamed into the shell's
 *   template with the state the browser hydrates with; the back office, or any render that fails, is
 *   rendered in the browser from the same template;
 * - the configuration the shell starts from (remote pointer of the exact releases used, mobile hosts).
 */
@Injectable()
export class PageService {
  private shell: { at: number; files: ShellFiles } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly keywords: KeywordsService,
    private readonly remotes: RemotesService,
    private readonly ssr: SsrService,
  ) {}

  async serve(req: Request, res: Response): Promise<void> {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'User-Agent');
    const target = decideStartupRedirect({
      host: req.get('host') ?? '',
      path: req.path,
      userAgent: req.get('user-agent'),
      mobileHosts: this.config.mobileHosts,
    });
    if (target && target !== req.path) {
      const query = req.originalUrl.indexOf('?');
      res.redirect(302, query >= 0 ? target + req.originalUrl.slice(query) : target);
      return;
    }

    const files = await this.shellFiles();
    if (!files) {
      res
        .status(503)
        .type('html')
        .send(
          '<!doctype html><meta charset="utf-8"><title>网站维护中</title><p>网站前端尚未构建，请运行 npm run build。</p>',
        );
      return;
    }
    const match = matchSiteRoute(req.path);
    const records = await this.keywords.list();
    const found = match ? await this.meta(match, records) : null;
    const status = found ? 200 : 404;
    const pointer = await this.remotes.pointer();
    const remote = remoteFor(match, req.path);
    const current = pointer.remotes[remote];

    let rendered: ServerRender | null = null;
    if (remote !== 'mf_admin' && current && req.method === 'GET') {
      rendered = await this.ssr.render(
        {
          url: req.originalUrl,
          remote,
          release: current.release,
          apiBase: loopbackBase(req),
          keywords: records,
        },
        files.build,
      );
    }

    const site = this.siteMeta(records);
    const fallback = found ?? site;
    const head: SsrHead = rendered
      ? { ...rendered.result.head, image: rendered.result.head.image ?? fallback.image }
      : { ...fallback, status };
    const [before, after] = this.page(req, files, {
      head,
      siteName: siteName(site.title),
      indexable: found !== null,
      match,
      styles: rendered?.styles ?? [],
      config: {
        ...pointer,
        mobileHosts: this.config.mobileHosts,
        hydration: this.config.frontend.hydration,
        map: { provider: this.config.frontend.mapProvider },
        // The mobile site loads WeChat's JS-SDK and the statistics script only when these are configured.
        wechat: this.config.wechat.appId !== null,
        analyticsId: this.config.analyticsId,
      },
      stateJson: rendered?.result.stateJson ?? null,
    });

    res.status(head.status).type('html');
    if (!rendered) {
      res.send(before + after);
      return;
    }
    res.write(before);
    rendered.result.stream(
      (chunk) => res.write(chunk),
      (error) => {
        if (error) res.destroy(error instanceof Error ? error : new Error(String(error)));
        else res.end(after);
      },
    );
  }

  /** The template split around the markup: head, styles, configuration, state and scripts filled in. */
  private page(
    req: Request,
    files: ShellFiles,
    page: {
      head: SsrHead;
      siteName: string;
      indexable: boolean;
      match: RouteMatch | null;
      styles: string[];
      config: unknown;
      stateJson: string | null;
    },
  ): [string, string] {
    const origin = this.config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const absolute = (href: string) => (/^https?:\/\//.test(href) ? href : origin + href);
    const { head, match } = page;
    const face = match?.route.face;
    const counterpart = counterpartPath(req.path);
    // Separate mobile URLs: the desktop page is canonical and names its mobile version; the mobile page points
    // back to it (pages only one face has are their own canonical).
    const canonical = face === 'mobile' && counterpart ? counterpart : req.path;
    const tags = [
      `<title>${escapeHtml(head.title)}</title>`,
      `<meta name="keywords" content="${escapeHtml(head.keywords)}" />`,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    ];
    if (page.indexable) {
      tags.push(`<link rel="canonical" href="${escapeHtml(absolute(canonical))}" />`);
      if (face === 'desktop' && counterpart) {
        tags.push(
          `<link rel="alternate" media="only screen and (max-width: 640px)" href="${escapeHtml(absolute(counterpart))}" />`,
          `<meta name="mobile-agent" content="format=html5;url=${escapeHtml(absolute(counterpart))}" />`,
        );
      }
      if (face === 'desktop' || face === 'mobile') {
        tags.push(`<meta name="applicable-device" content="${face === 'desktop' ? 'pc' : 'mobile'}" />`);
      }
      const type = match && /^(me)?(details|news)$/.test(match.route.name) ? 'article' : 'website';
      tags.push(
        `<meta property="og:type" content="${type}" />`,
        `<meta property="og:site_name" content="${escapeHtml(page.siteName)}" />`,
        `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
        `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
        `<meta property="og:url" content="${escapeHtml(absolute(req.path))}" />`,
        // WeChat's link cards read the schema.org microdata names; the shell's template makes the page their
        // item (`itemscope` on `<html>`).
        `<meta itemprop="name" content="${escapeHtml(head.title)}" />`,
        `<meta itemprop="description" content="${escapeHtml(head.description)}" />`,
      );
      if (head.image) {
        tags.push(
          `<meta property="og:image" content="${escapeHtml(absolute(head.image))}" />`,
          `<meta itemprop="image" content="${escapeHtml(absolute(head.image))}" />`,
        );
      }
    } else {
      tags.push('<meta name="robots" content="noindex" />');
    }

    const base = this.config.frontend.shellUrl ? `${this.config.frontend.shellUrl}/` : '/';
    const styles = [
      ...files.assets.styles.map((href) => base + href),
      // mini-css-extract recognises these by `data-href` (the chunk's file name) and does not load them again.
      ...page.styles,
    ]
      .map(
        (href) =>
          `<link rel="stylesheet" href="${escapeHtml(href)}" data-href="${escapeHtml(href.slice(href.lastIndexOf('/') + 1))}" />`,
      )
      .join('');
    const html = files.template
      .replace('<!--site-head-->', tags.join('\n    '))
      .replace('<!--site-styles-->', styles)
      .replace(
        '<!--site-config-->',
        `<script id="site-config" type="application/json">${scriptJson(page.config)}</script>` +
          (page.stateJson === null ? '' : `<script id="site-state" type="application/json">${page.stateJson}</script>`),
      )
      .replace(
        '<!--site-scripts-->',
        files.assets.scripts.map((src) => `<script defer src="${base}${src}"></script>`).join(''),
      );
    const at = html.indexOf(BODY_MARKER);
    return [html.slice(0, at), html.slice(at + BODY_MARKER.length)];
  }

  private siteMeta(records: KeywordRecord[]): PageMeta {
    const record = (name: string) => records.find((r) => r.keywords === name)?.content.trim();
    return {
      title: record('title') || DEFAULT_META.title,
      keywords: record('keywords') || DEFAULT_META.keywords,
      description: record('description') || DEFAULT_META.description,
      image: null,
    };
  }

  /** The page's meta, or `null` when the route names an id that does not exist (a not-found page). */
  private async meta(match: RouteMatch, records: KeywordRecord[]): Promise<PageMeta | null> {
    const site = this.siteMeta(records);
    if (!match.id) return site;
    const kind = match.route.name.replace(/^me/, '');
    if (kind === 'webcase')
      return match.id === DEFAULT_WEBCASE_ID || (await this.exists('case_class', match.id)) ? site : null;
    if (kind === 'items') return (await this.exists('menu', match.id)) ? site : null;
    const [item] = (await this.db.query(
      kind === 'details'
        ? 'SELECT name AS title, intro, img FROM "case" WHERE id = $1'
        : 'SELECT title, intro, img FROM news WHERE id = $1',
      [match.id],
    )) as { title: string; intro: string; img: string }[];
    if (!item) return null;
    return {
      title: `${item.title} - ${siteName(site.title)}`,
      keywords: site.keywords,
      description: item.intro || site.description,
      image: item.img || null,
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
    const [template, build] = shellUrl
      ? await Promise.all([
          fetch(`${shellUrl}/index.html`).then((r) => r.text()),
          fetch(`${shellUrl}/assets.json`).then((r) => r.text()),
        ])
      : await Promise.all([
          fs.readFile(path.join(shellDir, 'index.html'), 'utf8'),
          fs.readFile(path.join(shellDir, 'assets.json'), 'utf8'),
        ]);
    if (!template.includes(BODY_MARKER)) throw new Error(`the shell's index.html has no ${BODY_MARKER}`);
    return { template, build, assets: JSON.parse(build) as ShellFiles['assets'] };
  }
}

/** This server as seen from itself: the render fetches the page's data over loopback, like the browser would. */
function loopbackBase(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host =
    address.includes(':') && !address.startsWith('::ffff:') ? `[${address}]` : address.replace(/^::ffff:/, '');
  return `http://${host}:${req.socket.localPort}`;
}
