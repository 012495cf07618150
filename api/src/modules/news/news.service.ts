import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  INFINITE_LIST,
  splitCreateTime,
  type ItemNewsData,
  type NewsBrief,
  type NewsCategoryLink,
  type NewsDetail,
  type NewsSummary,
  type Paged,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { failure } from '../../core/api.exception.js';
import { NEWS_LIST_ORDER, NEWS_SUMMARY_COLUMNS } from './news-sql.js';

interface DetailRow extends NewsSummary {
  content: string;
  uptitle: string | null;
  up_id: number | null;
  downtitle: string | null;
  down_id: number | null;
}

@Injectable()
export class NewsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async categories(): Promise<NewsCategoryLink[]> {
    return (await this.db.query(
      'SELECT id, name FROM news_category ORDER BY position ASC, id ASC',
    )) as NewsCategoryLink[];
  }

  /** `GET /api/itemnews`: the categories and the newest articles of every category. */
  async list(): Promise<ItemNewsData> {
    const newmenu = await this.categories();
    const first = await this.page(0, 0, INFINITE_LIST.preloadedPage);
    return { newmenu, newcontent: first.data, sum: first.sum };
  }

  /** `POST /api/newmore`: the next `amount` articles after the cursor; category 0 means every category. */
  async more(category: number, cursor: number, amount: number): Promise<Paged<NewsSummary>> {
    if (category !== 0) {
      const found = (await this.db.query('SELECT 1 FROM news_category WHERE id = $1', [category])) as unknown[];
      if (found.length === 0) throw failure('新闻分类不存在');
    }
    return this.page(category, cursor, amount);
  }

  private async page(category: number, cursor: number, amount: number): Promise<Paged<NewsSummary>> {
    // $1 = 0 selects every category.
    const where = '($1::int = 0 OR n.dynamic_id = $1::int)';
    const data = (await this.db.query(
      `SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n WHERE ${where} ORDER BY ${NEWS_LIST_ORDER} LIMIT $2 OFFSET $3`,
      [category, amount, cursor],
    )) as NewsSummary[];
    const [count] = (await this.db.query(`SELECT count(*)::int AS sum FROM news n WHERE ${where}`, [category])) as {
      sum: number;
    }[];
    return { data, page: cursor + data.length, sum: count?.sum ?? 0 };
  }

  /** `POST /api/itemnewscut`: an article and its neighbours in its category (previous = newer, next = older). */
  async detail(id: number): Promise<NewsDetail> {
    const [row] = (await this.db.query(
      `SELECT * FROM (
         SELECT ${NEWS_SUMMARY_COLUMNS}, n.content,
                lag(n.id) OVER w AS up_id, lag(n.title) OVER w AS uptitle,
                lead(n.id) OVER w AS down_id, lead(n.title) OVER w AS downtitle
         FROM news n WHERE n.dynamic_id = (SELECT dynamic_id FROM news WHERE id = $1)
         WINDOW w AS (ORDER BY ${NEWS_LIST_ORDER})
       ) t WHERE t.id = $1`,
      [id],
    )) as DetailRow[];
    if (!row) throw failure('文章不存在或已删除');
    const { up_id, down_id, ...rest } = row;
    return { ...rest, upId: up_id, downId: down_id };
  }

  /** The newest articles of a category as the home page's news column shows them. */
  async briefs(category: number, limit: number): Promise<NewsBrief[]> {
    const rows = (await this.db.query(
      `SELECT n.id, n.title, n.intro, n.create_time FROM news n WHERE n.dynamic_id = $1 ORDER BY ${NEWS_LIST_ORDER} LIMIT $2`,
      [category, limit],
    )) as Omit<NewsBrief, 'month' | 'day'>[];
    return rows.map((row) => {
      const { yearMonth, day } = splitCreateTime(row.create_time);
      return { ...row, month: yearMonth, day };
    });
  }
}
