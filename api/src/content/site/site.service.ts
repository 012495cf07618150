import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AboutData,
  type ContactData,
  type FooterData,
  type HeaderData,
  HOME_LIMITS,
  type IndexData,
  type SiteBlockKey,
  type SiteBlocks,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { toLink } from '../../core/wire.js';
import { CasesService } from '../cases/cases.service.js';
import { NewsService } from '../news/news.service.js';
import { conformBlock } from './site-block-shape.js';
import { EMPTY_BLOCKS } from './site-blocks.js';
import { findSiteBlock, listDesktopNavigation, listLiveMenuIds } from './site.queries.js';

@Injectable()
export class SiteService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cases: CasesService,
    private readonly news: NewsService,
  ) {}

  /** Each block as checked, by the version of its row: checking a block costs more than reading it. */
  private readonly checked = new Map<SiteBlockKey, { version: string; value: unknown }>();

  async block<K extends SiteBlockKey>(key: K): Promise<SiteBlocks[K]> {
    const row = await findSiteBlock(this.db, key);
    if (!row) return EMPTY_BLOCKS[key];
    const known = this.checked.get(key);
    if (known?.version === row.version) return known.value as SiteBlocks[K];
    const value = conformBlock(key, row.value);
    this.checked.set(key, { version: row.version, value });
    return value;
  }

  /** `GET /api/header`: logo, banners and the desktop navigation (grade-1 menus shown on pc, by position). */
  async header(): Promise<HeaderData> {
    const { logo, banner } = await this.block('header');
    const programas = (await listDesktopNavigation(this.db)).map(toLink);
    return { logo, banner, programas };
  }

  /** The footer; an about link whose menu is in the recycle bin (or gone) is left out until it is restored. */
  async footer(): Promise<FooterData> {
    const footer = await this.block('footer');
    if (footer.abouts.length === 0) return footer;
    const live = new Set(
      await listLiveMenuIds(
        this.db,
        footer.abouts.map((about) => about.column_id),
      ),
    );
    // The first link always goes to the about page (menu 7, fixed), whatever its column_id says.
    const abouts = footer.abouts.filter((about, index) => index === 0 || live.has(about.column_id));
    return abouts.length === footer.abouts.length ? footer : { ...footer, abouts };
  }

  /** `GET /api/index`: the home page's sections, cases and news filled in from their tables. */
  async index(): Promise<IndexData> {
    const home = await this.block('home');
    const { viewpoint, extend, ...dynamic } = home.dynamic;
    const [success, viewpointNews, extendNews] = await Promise.all([
      this.cases.success(HOME_LIMITS.successCases),
      this.news.briefs(viewpoint.category, HOME_LIMITS.news),
      this.news.briefs(extend.category, HOME_LIMITS.news),
    ]);
    return {
      success: { ...home.success, content: success },
      dynamic: {
        ...dynamic,
        content: {
          viewpoint: { title: viewpoint.title, site: viewpoint.site, content: viewpointNews },
          extend: { title: extend.title, site: extend.site, content: extendNews },
        },
      },
      service: home.service,
      client: home.client,
    };
  }

  about(): Promise<AboutData> {
    return this.block('about');
  }

  contact(): Promise<ContactData> {
    return this.block('contact');
  }
}
