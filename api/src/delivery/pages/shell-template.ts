import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { escapeHtml, FIRST_VIEW, scriptJson, SITE_CONFIG_ID, SITE_STATE_ID, type SiteConfig } from '@site/shared-types';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { PageStyle } from '../releases/remotes.service.js';

/** The shell's build: its page template and the scripts and styles it starts with. */
export interface ShellFiles {
  template: string;
  /** The text of assets.json: identifies the shell build (its server build must be the same one). */
  build: string;
  /**
   * The application's entry scripts, its stylesheets, and the first-view script (docs/decisions.md "First view
   * on phones"), absent from a development build.
   */
  assets: { scripts: string[]; styles: string[]; prefetch?: string[]; start?: string; vitals?: string };
}

export interface PageParts {
  /** The head's tags (title, meta, links). */
  head: string[];
  /** The rendering remote release's stylesheets (none for a page rendered in the browser). */
  styles: PageStyle[];
  /** The rendering remote release's scripts, fetched without running once the page is quiet. */
  prefetch?: string[];
  config: SiteConfig;
  /** The server render's state, already safe inside a `<script>` element; `null` when rendered in the browser. */
  stateJson: string | null;
  /** Markup put first in the body, outside the application (the preview's notice). */
  banner?: string;
}

/** How long the shell's files are reused before they are read again (a shell rebuild shows up quickly). */
const SHELL_TTL_MS = 2000;
const BODY_MARKER = '<!--site-body-->';

/** What the page fills in: the template's markers, and the preview's banner after the body's opening tag. */
type Slot = 'head' | 'styles' | 'config' | 'scripts' | 'banner';
const SLOTS: Record<string, Exclude<Slot, 'banner'> | undefined> = {
  '<!--site-head-->': 'head',
  '<!--site-styles-->': 'styles',
  '<!--site-config-->': 'config',
  '<!--site-scripts-->': 'scripts',
};
/** The markers, the body's marker and the body's opening tag, kept by `split`. */
const MARKERS = /(<!--site-(?:head|styles|config|scripts)-->|<!--site-body-->|<body[^>]*>)/;
type Piece = string | { slot: Slot };

interface CompiledTemplate {
  before: Piece[];
  after: Piece[];
  /** The shell's own stylesheets' tags. */
  styles: string;
}

/**
 * Stylesheets as tags: mini-css-extract recognises a `<link>` or `<style>` by `data-href` (the chunk's file name)
 * and does not load that stylesheet again.
 */
function styleTags(styles: PageStyle[]): string {
  return styles
    .map(({ href, text }) => {
      const name = escapeHtml(href.slice(href.lastIndexOf('/') + 1));
      return text === null
        ? `<link rel="stylesheet" href="${escapeHtml(href)}" data-href="${name}" />`
        : `<style data-href="${name}" data-source="${escapeHtml(href)}">${text}</style>`;
    })
    .join('');
}

/** The shell's `index.html`, read from its build folder (or its development server), and filled in per page. */
@Injectable()
export class ShellTemplate {
  private shell: { at: number; files: ShellFiles } | null = null;
  private readonly templates = new WeakMap<ShellFiles, CompiledTemplate>();
  private readonly styleTags = new WeakMap<PageStyle[], string>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The shell's files, or `null` when the shell is not built. */
  async files(): Promise<ShellFiles | null> {
    if (this.shell && Date.now() - this.shell.at < SHELL_TTL_MS) return this.shell.files;
    const files = await this.read().catch(() => null);
    if (files) this.shell = { at: Date.now(), files };
    return files;
  }

  /** The page configuration's reporter of visitor experience: its script, for `percent` % of page views. */
  vitals(files: ShellFiles, percent: number): SiteConfig['vitals'] {
    const { vitals } = files.assets;
    return vitals && percent > 0 ? { percent, script: this.base() + vitals } : null;
  }

  /** The page around the body's markup: `[before, after]`. */
  fill(files: ShellFiles, parts: PageParts): [string, string] {
    const base = this.base();
    const template = this.compiled(files, base);
    const filled: Record<Slot, string> = {
      head: parts.head.join('\n    '),
      styles: template.styles + this.releaseStyles(parts.styles),
      config:
        `<script id="${SITE_CONFIG_ID}" type="application/json">${scriptJson(parts.config)}</script>` +
        (parts.stateJson === null
          ? ''
          : `<script id="${SITE_STATE_ID}" type="application/json">${parts.stateJson}</script>`),
      scripts: this.scripts(files, parts, base),
      banner: parts.banner ?? '',
    };
    const fill = (pieces: Piece[]) =>
      pieces.map((piece) => (typeof piece === 'string' ? piece : filled[piece.slot])).join('');
    return [fill(template.before), fill(template.after)];
  }

  /**
   * The template cut once at its markers (each filled per page), around the body's marker; the shell's own
   * stylesheets' tags with it.
   */
  private compiled(files: ShellFiles, base: string): CompiledTemplate {
    let compiled = this.templates.get(files);
    if (!compiled) {
      let bodyOpened = false;
      const pieces = files.template.split(MARKERS).flatMap((text, index): Piece[] => {
        const slot = index % 2 === 1 ? SLOTS[text] : undefined;
        if (slot) return [{ slot }];
        if (index % 2 === 0 || text === BODY_MARKER || bodyOpened) return text === '' ? [] : [text];
        // The body's opening tag stays, the banner after it.
        bodyOpened = true;
        return [text, { slot: 'banner' }];
      });
      const at = pieces.indexOf(BODY_MARKER);
      compiled = {
        before: pieces.slice(0, at),
        after: pieces.slice(at + 1),
        styles: styleTags(files.assets.styles.map((href) => ({ href: base + href, text: null }))),
      };
      this.templates.set(files, compiled);
    }
    return compiled;
  }

  /** A release's stylesheets' tags, made once per release (its list of stylesheets is kept with it). */
  private releaseStyles(styles: PageStyle[]): string {
    if (styles.length === 0) return '';
    let tags = this.styleTags.get(styles);
    if (tags === undefined) {
      tags = styleTags(styles);
      this.styleTags.set(styles, tags);
    }
    return tags;
  }

  /**
   * A server-rendered page whose application starts on demand or at idle gets only the first-view script, which
   * adds the application's entry (`data-app`) when it is needed; any other page gets the entry itself.
   */
  private scripts(files: ShellFiles, parts: PageParts, base: string): string {
    const app = files.assets.scripts.map((src) => base + src);
    const { start } = files.assets;
    if (start && parts.stateJson !== null && parts.config.hydration !== 'eager') {
      const prefetch = [...(files.assets.prefetch ?? []).map((src) => base + src), ...(parts.prefetch ?? [])];
      return (
        `<script defer src="${escapeHtml(base + start)}" ${FIRST_VIEW.app}="${escapeHtml(app.join(' '))}" ` +
        `${FIRST_VIEW.prefetch}="${escapeHtml([...app, ...prefetch].join(' '))}"></script>`
      );
    }
    return app.map((src) => `<script defer src="${escapeHtml(src)}"></script>`).join('');
  }

  /** Where the shell's files are served from. */
  private base(): string {
    return this.config.frontend.shellUrl ? `${this.config.frontend.shellUrl}/` : '/';
  }

  private async read(): Promise<ShellFiles> {
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
