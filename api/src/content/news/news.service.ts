import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  INFINITE_LIST,
  type ItemNewsData,
  type NewsBrief,
  type NewsCategoryLink,
  type NewsDetail,
  type NewsSummary,
  type Paged,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { failure } from '../../core/api.exception.js';
import { listStart, pagedAfter } from '../../core/list-cursor.js';
import { toLink } from '../../core/wire.js';
import { countPublished } from '../editing/publishing.queries.js';
import { toNewsBrief, toNewsDetail, toNewsSummary } from './news.mapping.js';
import {
  findNewsDetail,
  inCategory,
  listNews,
  listNewsBriefs,
  listNewsCategories,
  newsCategoryExists,
} from './news.queries.js';
import type { Audience } from '../editing/publishing.js';

@Injectable()
export class NewsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async categories(): Promise<NewsCategoryLink[]> {
    return (await listNewsCategories(this.db)).map(toLink);
  }

  /** `GET /api/itemnews`: the categories and the newest articles of every category. */
  async list(): Promise<ItemNewsData> {
    const newmenu = await this.categories();
    const first = await this.page(0, 0, INFINITE_LIST.preloadedPage);
    return { newmenu, newcontent: first.data, sum: first.sum };
  }

  /** `POST /api/newmore`: the next `amount` articles after the cursor; category 0 means every category. */
  async more(category: number, cursor: number, amount: number): Promise<Paged<NewsSummary>> {
    if (category !== 0 && !(await newsCategoryExists(this.db, category))) throw failure('新闻分类不存在');
    return this.page(category, cursor, amount);
  }

  private async page(category: number, cursor: number, amount: number): Promise<Paged<NewsSummary>> {
    const rows = await listNews(this.db, inCategory(category), listStart(cursor), amount);
    return pagedAfter(
      rows.map(toNewsSummary),
      cursor,
      await countPublished(this.db, category ? 'news_category' : 'news', category),
    );
  }

  /** `POST /api/itemnewscut`: an article and its neighbours in its category (previous = newer, next = older). */
  async detail(id: number, audience: Audience = 'public'): Promise<NewsDetail> {
    const row = await findNewsDetail(this.db, id, audience);
    if (!row) throw failure('文章不存在或已删除');
    return toNewsDetail(row);
  }

  /** The newest articles of a category as the home page's news column shows them. */
  async briefs(category: number, limit: number): Promise<NewsBrief[]> {
    return (await listNewsBriefs(this.db, category, limit)).map(toNewsBrief);
  }
}
