import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import path from 'node:path';
import { REMOTE_NAMES, type AppConfig } from '../../config/config.js';
import { BoundedLog } from '../../core/bounded-log.js';
import { confinedStatic, notFound } from '../../core/confined-static.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../core/database-errors.js';
import { SeoFiles } from '../seo/seo-files.service.js';
import { LeadFormPosts } from './lead-form-posts.js';
import { PageService } from './page.service.js';
import { RemotesService } from '../releases/remotes.service.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that describe a release rather than belong to it: always revalidated. */
const REVALIDATED = new Set(['mf-manifest.json', 'mf-manifest-stats.json', 'favicon.svg']);

const RELEASE_ID = /^[a-z0-9][a-z0-9-]{0,40}$/;

/**
 * The browser side of the product on the API's port:
 * - `/assets/…`: the shell's build (content-hashed: cached for a year);
 * - `/remotes/<name>/<release>/…`: each remote's releases (immutable, manifests revalidated);
 * - `/robots.txt`, `/sitemap.xml`, `/sitemap-desktop.xml`, `/sitemap-mobile.xml`: made by SeoFiles;
 * - every other GET: the shell's page, rendered by PageService;
 * - a `POST` of the contact form to the page that holds it: taken by LeadFormPosts.
 * A remote on another origin (REMOTE_<NAME>_URL) must send `Access-Control-Allow-Origin` for this site's origin
 * on its manifest and chunks itself.
 */
export function serveFrontend(app: NestExpressApplication, config: AppConfig): void {
  const setHeaders = (res: Response, file: string) => {
    res.setHeader('Cache-Control', REVALIDATED.has(path.basename(file)) ? 'no-cache' : IMMUTABLE);
  };
  const staticOptions = { index: false, dotfiles: 'deny' as const, etag: true, cacheControl: false, setHeaders };

  app.use('/assets', ...confinedStatic(path.join(config.frontend.shellDir, 'assets'), staticOptions));
  const remotes = app.get(RemotesService);
  for (const name of REMOTE_NAMES) {
    // `/remotes/<name>/<release>/<file>` is the release's browser build (`<release>/web/<file>` of this server's
    // copy, made from the media store on first use); its server build is never served.
    app.use(
      `/remotes/${name}`,
      remotes.copyOnDemand(name),
      ...confinedStatic(remotes.releasesDir(name), staticOptions, ([release, ...file]) =>
        release && RELEASE_ID.test(release) ? { folder: [release, 'web'], file } : null,
      ),
    );
  }
  app.use('/remotes', notFound);

  // robots.txt and the sitemaps, before the page route would answer them with the not-found page.
  app.use(app.get(SeoFiles).handle);
  const pages = app.get(PageService);
  const forms = app.get(LeadFormPosts);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (/^\/(api|uploads)(\/|$)/.test(req.path)) return next();
    if (req.method === 'GET' || req.method === 'HEAD') {
      pages.serve(req, res).catch((error: unknown) => pageFailed(req, res, error));
      return;
    }
    // The contact form, sent by the browser itself to the page that holds it.
    if (req.method === 'POST' && forms.handles(req, res)) {
      forms.take(req, res).catch((error: unknown) => pageFailed(req, res, error));
      return;
    }
    next();
  });
}

const pageLogger = new Logger('Pages');
const outages = new BoundedLog((line) => pageLogger.error(line));

/**
 * A page that could not be put together: 503 with Retry-After while the database is unreachable, otherwise 500
 * (logged with its stack). Plain Chinese HTML either way, with the request id, never a stack trace.
 */
function pageFailed(req: Request, res: Response, error: unknown): void {
  const unavailable = isDatabaseUnavailable(error);
  if (unavailable) {
    outages.note('database', `${req.method} ${req.originalUrl} database unavailable`);
  } else if (error instanceof Error) {
    pageLogger.error(`${req.method} ${req.originalUrl} ${error.message}`, error.stack ?? error.message);
  } else {
    pageLogger.error(`${req.method} ${req.originalUrl} ${String(error)}`);
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  if (unavailable) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  res
    .status(unavailable ? 503 : 500)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
        '<title>网站暂时无法访问</title><h1>网站暂时无法访问</h1><p>请稍后刷新重试。</p>' +
        // The id is checked or made by the server ([A-Za-z0-9._-]): safe in the page as it is.
        `<p><small>请求编号：${req.id ?? '-'}</small></p></html>`,
    );
}
