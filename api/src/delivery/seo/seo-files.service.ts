import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { counterpartPath, DEFAULT_WEBCASE_ID, isSeoFilePath, SEO_FILES, SITEMAP_PART_PATH } from '@site/shared-types';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { BoundedLog } from '../../core/bounded-log.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../core/database-errors.js';
import { drained } from '../../core/drained.js';
import { originSettings, publicOrigin, type OriginSettings } from '../../core/public-origin.js';
import {
  countSitemapItems,
  findContentDates,
  listSitemapCases,
  listSitemapMenus,
  listSitemapNews,
  listSitemapTabs,
  sitemapItemParts,
  sitemapItemsAfter,
  sitemapItemsAt,
  type ContentDates,
  type DatedRow,
  type SitemapItemKind,
} from './seo.queries.js';
import {
  newest,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  URLSET_END,
  urlElement,
  urlsetStart,
  urlsPerSitemap,
  type SitemapEntry,
} from './sitemap-xml.js';

const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/** A page of a sitemap: its path on the public origin and when its content last changed. */
export interface SitemapPage {
  path: string;
  lastmod: Date | null;
}

type Face = 'desktop' | 'mobile';

/** Cases, then articles: the order of the items after a sitemap's fixed pages. */
const ITEM_KINDS: ReadonlyArray<{ kind: SitemapItemKind; path: (id: number) => string }> = [
  { kind: 'case', path: (id) => `/details/${id}.html` },
  { kind: 'news', path: (id) => `/news/${id}.html` },
];

/** Items a sitemap file reads at a time. */
const ITEM_BATCH = 5000;

/** The file of a face's sitemap: `/sitemap-desktop.xml` is the first, `/sitemap-desktop-2.xml` the second… */
export function sitemapFile(face: Face, part: number): string {
  const first = face === 'desktop' ? SEO_FILES.desktop : SEO_FILES.mobile;
  return part === 1 ? first : first.replace('.xml', `-${part}.xml`);
}

/** Which sitemap file `path` names, or `null` when it names none. */
function sitemapOf(path: string): { face: Face; part: number } | null {
  if (path === SEO_FILES.desktop) return { face: 'desktop', part: 1 };
  if (path === SEO_FILES.mobile) return { face: 'mobile', part: 1 };
  const match = SITEMAP_PART_PATH.exec(path);
  return match ? { face: match[1] as Face, part: Number(match[2]) } : null;
}

/**
 * `/robots.txt`, the sitemap index and the desktop and mobile sitemaps, made from the database on every request
 * that the published-content cache does not answer (the cache keeps them like pages and empties them on every
 * write: docs/decisions.md "Search engines"). Absolute addresses use `publicOrigin`, like the page's head tags.
 *
 * A face's sitemap is its fixed pages (a few dozen), then every case and every article in id order, cut into
 * files of `urlsPerSitemap` addresses (50,000, fewer on a very long origin, so a file stays under 10 MB); the
 * index names each file. A file is written to the response as its items are read, a batch at a time.
 */
@Injectable()
export class SeoFiles {
  private readonly logger = new Logger('Seo');
  private readonly outages = new BoundedLog((line) => this.logger.error(line));

  private readonly origins: OriginSettings;

  /** The most addresses one sitemap file holds (tests set a small number to see a sitemap cut into files). */
  urlsPerFile = SITEMAP_MAX_URLS;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    this.origins = originSettings(config);
  }

  /** Express handler mounted before the page route: answers the files, passes everything else on. */
  readonly handle = (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isSeoFilePath(req.path)) {
      next();
      return;
    }
    this.answer(req, res, next).catch((error: unknown) => {
      const unavailable = isDatabaseUnavailable(error);
      if (unavailable) this.outages.note('database', `GET ${req.path} database unavailable`);
      else if (error instanceof Error)
        this.logger.error(`GET ${req.path} ${error.message}`, error.stack ?? error.message);
      else this.logger.error(`GET ${req.path} ${String(error)}`);
      // A sitemap cut short must not pass for a whole one (nor be kept by the cache): the connection is dropped.
      if (res.headersSent) return void res.destroy();
      if (unavailable) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res
        .status(unavailable ? 503 : 500)
        .type(TEXT)
        .setHeader('Cache-Control', 'no-store')
        .send(unavailable ? '网站暂时无法访问，请稍后再试。\n' : '服务器繁忙，请稍后再试。\n');
    });
  };

  private async answer(req: Request, res: Response, next: NextFunction): Promise<void> {
    const origin = publicOrigin(req, this.origins);
    const sitemap = sitemapOf(req.path);
    if (sitemap) return this.writeSitemap(res, next, origin, sitemap.face, sitemap.part);
    const robots = req.path === SEO_FILES.robots;
    const body = robots ? robotsTxt(origin) : await this.index(origin);
    res
      .status(200)
      .type(robots ? TEXT : XML)
      .setHeader('Cache-Control', 'no-cache')
      .send(body);
  }

  /** The sitemap index: every file of the desktop sitemap, then of the mobile one, each dated by its newest entry. */
  async index(origin: string): Promise<string> {
    const perFile = urlsPerSitemap(origin, this.urlsPerFile);
    const dates = await findContentDates(this.db);
    const faces = { desktop: new Map<number, Date | null>(), mobile: new Map<number, Date | null>() };
    const note = (face: Face, part: number, date: Date | null) =>
      faces[face].set(part, newest(faces[face].get(part), date));
    const before = { desktop: 0, mobile: 0 };
    for (const face of ['desktop', 'mobile'] as const) {
      const fixed = await this.fixedPages(face, dates);
      fixed.forEach((page, i) => note(face, Math.floor(i / perFile), page.lastmod));
      before[face] = fixed.length;
    }
    for (const { kind } of ITEM_KINDS) {
      let items = 0;
      for (const run of await sitemapItemParts(this.db, kind, before, perFile)) {
        note('desktop', run.desktop, run.lastmod);
        note('mobile', run.mobile, run.lastmod);
        items += run.count;
      }
      before.desktop += items;
      before.mobile += items;
    }
    const files: SitemapEntry[] = [];
    for (const face of ['desktop', 'mobile'] as const) {
      const parts = Math.max(1, Math.ceil(before[face] / perFile));
      for (let part = 0; part < parts; part++) {
        files.push({ loc: origin + sitemapFile(face, part + 1), lastmod: faces[face].get(part) ?? null });
      }
    }
    return sitemapIndex(files);
  }

  /**
   * Writes file `part` of a face's sitemap as its entries are read (a file past the last one is not found: the
   * request goes on to the page route's not-found page). Waits for the response to take each batch.
   */
  private async writeSitemap(
    res: Response,
    next: NextFunction,
    origin: string,
    face: Face,
    part: number,
  ): Promise<void> {
    const perFile = urlsPerSitemap(origin, this.urlsPerFile);
    const fixed = await this.fixedPages(face, await findContentDates(this.db));
    const counts = await countSitemapItems(this.db);
    const total = fixed.length + counts.case + counts.news;
    if (part > Math.max(1, Math.ceil(total / perFile))) return next();
    const options = { mobile: face === 'mobile' };
    const start = (part - 1) * perFile;
    const end = start + perFile;
    const chunks = this.entries(face, fixed, counts, start, end);
    // Everything but the items' later batches is read before anything is sent: a database that cannot be reached
    // is answered 503, not with half a file.
    const first = await chunks.next();
    res.status(200).type(XML).setHeader('Cache-Control', 'no-cache');
    let piece = urlsetStart(options);
    for (let chunk = first; !chunk.done; chunk = await chunks.next()) {
      piece += chunk.value
        .map((entry) => urlElement({ loc: origin + entry.path, lastmod: entry.lastmod }, options))
        .join('');
      if (!res.write(piece)) await drained(res);
      piece = '';
      if (res.destroyed) return void (await chunks.return(undefined));
    }
    res.end(piece + URLSET_END);
  }

  /** The entries `start` to `end` (exclusive) of a face's sitemap, a batch at a time. */
  private async *entries(
    face: Face,
    fixed: SitemapPage[],
    counts: Record<SitemapItemKind, number>,
    start: number,
    end: number,
  ): AsyncGenerator<SitemapPage[]> {
    const head = fixed.slice(start, end);
    if (head.length > 0) yield head;
    let before = fixed.length;
    for (const { kind, path } of ITEM_KINDS) {
      const from = Math.max(start, before) - before;
      const to = Math.min(end, before + counts[kind]) - before;
      before += counts[kind];
      if (to <= from) continue;
      const pages = (rows: DatedRow[]) => {
        const desktop = rows.map(dated(path));
        return face === 'desktop' ? desktop : mobile(desktop);
      };
      let left = to - from;
      let rows = await sitemapItemsAt(this.db, kind, from, Math.min(ITEM_BATCH, left));
      while (rows.length > 0) {
        yield pages(rows);
        left -= rows.length;
        if (left <= 0) break;
        rows = await sitemapItemsAfter(this.db, kind, rows.at(-1)!.id, Math.min(ITEM_BATCH, left));
      }
    }
  }

  /**
   * A face's pages besides the cases and articles. Desktop: home, about, the news list, the customer cases (101
   * and its five tabs) and the list page of every top-level menu shown in the navigation. Mobile: the mobile site's
   * own pages (home, services, cases, about, contact form, contact) and the mobile counterparts of its menus.
   */
  private async fixedPages(face: Face, dates: ContentDates): Promise<SitemapPage[]> {
    const everything = newest(...Object.values(dates));
    if (face === 'desktop') {
      return [
        { path: '/', lastmod: everything },
        { path: '/about.html', lastmod: newest(dates.about, dates.contact) },
        { path: '/itemnews.html', lastmod: dates.news },
        { path: `/webcase/${DEFAULT_WEBCASE_ID}.html`, lastmod: dates.cases },
        ...(await listSitemapTabs(this.db)).map(dated((id) => `/webcase/${id}.html`)),
        ...(await listSitemapMenus(this.db, 'pc')).map(dated((id) => `/items/${id}.html`)),
      ];
    }
    return [
      { path: '/move/', lastmod: everything },
      { path: '/move/fwxm', lastmod: newest(dates.blocks, dates.menus) },
      { path: '/move/case.html', lastmod: dates.cases },
      { path: '/move/zhy.html', lastmod: dates.about },
      { path: '/move/about.html', lastmod: dates.contact },
      { path: '/move/us.html', lastmod: newest(dates.about, dates.contact) },
      ...mobile((await listSitemapMenus(this.db, 'move')).map(dated((id) => `/items/${id}.html`))),
    ];
  }

  /**
   * The desktop pages the sitemap lists, in its order (all files of it); with `itemsEach`, only that many of the
   * cases and of the articles (the release gate's sample of every route).
   */
  async desktopPages(itemsEach: number | null = null): Promise<SitemapPage[]> {
    const fixed = await this.fixedPages('desktop', await findContentDates(this.db));
    return [...fixed, ...(await this.itemPages(itemsEach))];
  }

  /** The mobile pages the sitemap lists, in its order; `itemsEach` as for {@link desktopPages}. */
  async mobilePages(itemsEach: number | null = null): Promise<SitemapPage[]> {
    const fixed = await this.fixedPages('mobile', await findContentDates(this.db));
    return [...fixed, ...mobile(await this.itemPages(itemsEach))];
  }

  /** Every case's and every article's desktop page (or the first `itemsEach` of each). */
  private async itemPages(itemsEach: number | null): Promise<SitemapPage[]> {
    return [
      ...(await listSitemapCases(this.db, itemsEach)).map(dated((id) => `/details/${id}.html`)),
      ...(await listSitemapNews(this.db, itemsEach)).map(dated((id) => `/news/${id}.html`)),
    ];
  }
}

const dated =
  (path: (id: number) => string) =>
  (row: DatedRow): SitemapPage => ({ path: path(row.id), lastmod: row.lastmod });

/** The mobile counterparts of desktop pages (a page without one is left out). */
function mobile(pages: SitemapPage[]): SitemapPage[] {
  return pages.flatMap((page) => {
    const path = counterpartPath(page.path);
    return path ? [{ path, lastmod: page.lastmod }] : [];
  });
}

/** Every crawler may read the public site, not the back office or the API; the sitemap index is named. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${origin}${SEO_FILES.index}`, ''].join(
    '\n',
  );
}
