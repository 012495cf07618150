import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { counterpartPath, DEFAULT_WEBCASE_ID, SEO_FILE_PATHS, SEO_FILES } from '@site/shared-types';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { BoundedLog } from '../../core/bounded-log.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../core/database-errors.js';
import { originSettings, publicOrigin, type OriginSettings } from '../../core/public-origin.js';
import {
  findContentDates,
  listSitemapCases,
  listSitemapMenus,
  listSitemapNews,
  listSitemapTabs,
  type DatedRow,
} from './seo.queries.js';
import { newest, sitemapIndex, urlset, type SitemapEntry } from './sitemap-xml.js';

const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/** A page of a sitemap: its path on the public origin and when its content last changed. */
export interface SitemapPage {
  path: string;
  lastmod: Date | null;
}

/**
 * `/robots.txt`, the sitemap index and the desktop and mobile sitemaps, made from the database on every request
 * that the published-content cache does not answer (the cache keeps them like pages and empties them on every
 * write: docs/decisions.md "Search engines"). Absolute addresses use `publicOrigin`, like the page's head tags.
 */
@Injectable()
export class SeoFiles {
  private readonly logger = new Logger('Seo');
  private readonly outages = new BoundedLog((line) => this.logger.error(line));

  private readonly origins: OriginSettings;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    this.origins = originSettings(config);
  }

  /** Express handler mounted before the page route: answers the four files, passes everything else on. */
  readonly handle = (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !SEO_FILE_PATHS.has(req.path)) {
      next();
      return;
    }
    this.answer(req, res).catch((error: unknown) => {
      const unavailable = isDatabaseUnavailable(error);
      if (unavailable) this.outages.note('database', `GET ${req.path} database unavailable`);
      else if (error instanceof Error)
        this.logger.error(`GET ${req.path} ${error.message}`, error.stack ?? error.message);
      else this.logger.error(`GET ${req.path} ${String(error)}`);
      if (res.headersSent) return void res.end();
      if (unavailable) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res
        .status(unavailable ? 503 : 500)
        .type(TEXT)
        .setHeader('Cache-Control', 'no-store')
        .send(unavailable ? '网站暂时无法访问，请稍后再试。\n' : '服务器繁忙，请稍后再试。\n');
    });
  };

  private async answer(req: Request, res: Response): Promise<void> {
    const origin = publicOrigin(req, this.origins);
    const body = await this.file(req.path, origin);
    res
      .status(200)
      .type(req.path === SEO_FILES.robots ? TEXT : XML)
      .setHeader('Cache-Control', 'no-cache')
      .send(body);
  }

  /** The text of one of the files for this origin. */
  async file(path: string, origin: string): Promise<string> {
    switch (path) {
      case SEO_FILES.robots:
        return robotsTxt(origin);
      case SEO_FILES.desktop:
        return urlset(absolute(origin, await this.desktopPages()), { mobile: false });
      case SEO_FILES.mobile:
        return urlset(absolute(origin, await this.mobilePages()), { mobile: true });
      default: {
        const [desktop, mobile] = [await this.desktopPages(), await this.mobilePages()];
        return sitemapIndex([
          { loc: origin + SEO_FILES.desktop, lastmod: newest(...desktop.map((page) => page.lastmod)) },
          { loc: origin + SEO_FILES.mobile, lastmod: newest(...mobile.map((page) => page.lastmod)) },
        ]);
      }
    }
  }

  /**
   * The desktop pages worth indexing: home, about, the news list, the customer cases (101 and its five tabs), the
   * list page of every top-level menu shown in the navigation, every case and every article.
   */
  async desktopPages(): Promise<SitemapPage[]> {
    const dates = await findContentDates(this.db);
    const everything = newest(...Object.values(dates));
    return [
      { path: '/', lastmod: everything },
      { path: '/about.html', lastmod: newest(dates.about, dates.contact) },
      { path: '/itemnews.html', lastmod: dates.news },
      { path: `/webcase/${DEFAULT_WEBCASE_ID}.html`, lastmod: dates.cases },
      ...(await listSitemapTabs(this.db)).map(dated((id) => `/webcase/${id}.html`)),
      ...(await listSitemapMenus(this.db, 'pc')).map(dated((id) => `/items/${id}.html`)),
      ...(await this.itemPages()),
    ];
  }

  /**
   * The mobile pages: the mobile site's own pages (home, services, cases, about, contact form, contact) and the
   * mobile counterparts of the menus it shows, of every case and of every article.
   */
  async mobilePages(): Promise<SitemapPage[]> {
    const dates = await findContentDates(this.db);
    const everything = newest(...Object.values(dates));
    const mobile = (pages: SitemapPage[]) =>
      pages.flatMap((page) => {
        const path = counterpartPath(page.path);
        return path ? [{ path, lastmod: page.lastmod }] : [];
      });
    return [
      { path: '/move/', lastmod: everything },
      { path: '/move/fwxm', lastmod: newest(dates.blocks, dates.menus) },
      { path: '/move/case.html', lastmod: dates.cases },
      { path: '/move/zhy.html', lastmod: dates.about },
      { path: '/move/about.html', lastmod: dates.contact },
      { path: '/move/us.html', lastmod: newest(dates.about, dates.contact) },
      ...mobile((await listSitemapMenus(this.db, 'move')).map(dated((id) => `/items/${id}.html`))),
      ...mobile(await this.itemPages()),
    ];
  }

  /** Every case's and every article's desktop page. */
  private async itemPages(): Promise<SitemapPage[]> {
    return [
      ...(await listSitemapCases(this.db)).map(dated((id) => `/details/${id}.html`)),
      ...(await listSitemapNews(this.db)).map(dated((id) => `/news/${id}.html`)),
    ];
  }
}

const dated =
  (path: (id: number) => string) =>
  (row: DatedRow): SitemapPage => ({ path: path(row.id), lastmod: row.lastmod });

function absolute(origin: string, pages: SitemapPage[]): SitemapEntry[] {
  return pages.map((page) => ({ loc: origin + page.path, lastmod: page.lastmod }));
}

/** Every crawler may read the public site, not the back office or the API; the sitemap index is named. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${origin}${SEO_FILES.index}`, ''].join(
    '\n',
  );
}
