import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AdminList,
  AmendResult,
  NewsAdminRow,
  NewsCategoryLink,
  NewsForm,
  NewsFormInput,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure, invalid } from '../../core/api.exception.js';
import { BaiduPushQueue } from '../baidu-push/baidu-push.queue.js';
import { toNewsAdminRow, toNewsFields, toNewsForm } from './news.mapping.js';
import {
  countAdminNews,
  deleteNews,
  findNews,
  insertNews,
  listAdminNews,
  updateNews,
  type NewsAdminFilter,
} from './news.queries.js';
import { NewsService } from './news.service.js';

@Injectable()
export class NewsAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly news: NewsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly push: BaiduPushQueue,
  ) {}

  async list(filter: {
    menu?: number;
    page?: number;
    search?: string;
  }): Promise<AdminList<NewsAdminRow, NewsCategoryLink>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(filter.page, perPage);
    const where: NewsAdminFilter = { menu: filter.menu ?? 0, search: filter.search ?? '' };
    const rows = await listAdminNews(this.db, where, window);
    const total = await countAdminNews(this.db, where);
    return adminList(rows.map(toNewsAdminRow), total, window.page, perPage, await this.news.categories());
  }

  async get(id: number): Promise<NewsForm> {
    const row = await findNews(this.db, id);
    if (!row) throw failure('文章不存在或已删除');
    return toNewsForm(row);
  }

  async save(form: NewsFormInput): Promise<AmendResult> {
    const categories = await this.news.categories();
    if (!categories.some((c) => c.id === form.dynamic_id)) throw invalid('请选择文章分类');
    const fields = toNewsFields(form);
    // The change and the pages it tells Baidu about are saved together (docs/behaviour.md#baidu-link-push).
    const id = await this.push.write('news', async (manager) => {
      if (form.id === 0) return { id: await insertNews(manager, fields), reason: 'create' };
      if ((await updateNews(manager, form.id, fields)) === 0) throw failure('文章不存在或已删除');
      return { id: form.id, reason: 'update' };
    });
    return { id };
  }

  async remove(id: number): Promise<void> {
    await this.push.write('news', async (manager) => {
      if ((await deleteNews(manager, id)) === 0) throw failure('文章不存在或已删除');
      return { id, reason: 'delete' };
    });
  }
}
