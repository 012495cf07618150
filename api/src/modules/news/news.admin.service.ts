import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  formatCreateTime,
  type AdminList,
  type AmendResult,
  type NewsAdminRow,
  type NewsCategoryLink,
  type NewsForm,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure, invalid } from '../../core/api.exception.js';
import { sanitizeRichText } from '../../core/rich-text.js';
import { NEWS_LIST_ORDER, NEWS_SUMMARY_COLUMNS } from './news-sql.js';
import { NewsService } from './news.service.js';

@Injectable()
export class NewsAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly news: NewsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(filter: {
    menu?: number;
    page?: number;
    search?: string;
  }): Promise<AdminList<NewsAdminRow, NewsCategoryLink>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(filter.page, perPage);
    const where = `($1::int = 0 OR n.dynamic_id = $1) AND ($2::text = '' OR position(lower($2) in lower(n.title)) > 0)`;
    const params = [filter.menu ?? 0, filter.search ?? ''];
    const data = (await this.db.query(
      `SELECT ${NEWS_SUMMARY_COLUMNS}, k.name AS dynamic_name FROM news n JOIN news_category k ON k.id = n.dynamic_id
       WHERE ${where} ORDER BY ${NEWS_LIST_ORDER} LIMIT $3 OFFSET $4`,
      [...params, window.limit, window.offset],
    )) as NewsAdminRow[];
    const [count] = (await this.db.query(`SELECT count(*)::int AS n FROM news n WHERE ${where}`, params)) as {
      n: number;
    }[];
    return adminList(data, count!.n, window.page, perPage, await this.news.categories());
  }

  async get(id: number): Promise<NewsForm> {
    const [row] = (await this.db.query(
      'SELECT id, title, intro, img, content, dynamic_id, create_time FROM news WHERE id = $1',
      [id],
    )) as NewsForm[];
    if (!row) throw failure('文章不存在或已删除');
    return row;
  }

  async save(form: NewsForm): Promise<AmendResult> {
    const categories = await this.news.categories();
    if (!categories.some((c) => c.id === form.dynamic_id)) throw invalid('请选择文章分类');
    const values = [
      form.title,
      form.intro,
      form.img,
      sanitizeRichText(form.content),
      form.dynamic_id,
      form.create_time ?? formatCreateTime(new Date()),
    ];
    if (form.id === 0) {
      const [created] = (await this.db.query(
        `INSERT INTO news (title, intro, img, content, dynamic_id, create_time) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        values,
      )) as { id: number }[];
      return { id: created!.id };
    }
    const updated = (await this.db.query(
      `UPDATE news SET title = $1, intro = $2, img = $3, content = $4, dynamic_id = $5, create_time = $6, updated_at = now()
       WHERE id = $7 RETURNING id`,
      [...values, form.id],
    )) as [unknown[], number];
    if (updated[1] === 0) throw failure('文章不存在或已删除');
    return { id: form.id };
  }

  async remove(id: number): Promise<void> {
    const result = (await this.db.query('DELETE FROM news WHERE id = $1 RETURNING id', [id])) as [unknown[], number];
    if (result[1] === 0) throw failure('文章不存在或已删除');
  }
}
