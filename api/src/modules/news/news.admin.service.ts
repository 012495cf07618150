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
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure, invalid } from '../../core/api.exception.js';
import { BaiduPushQueue } from '../baidu-push/baidu-push.queue.js';
import { toNewsAdminRow, toNewsFields, toNewsForm } from './news.mapping.js';
import {
  countAdminNews,
  findNews,
  insertNews,
  listAdminNews,
  trashNews,
  updateNews,
  type NewsAdminFilter,
} from './news.queries.js';
import { recordRevision } from '../revisions/revisions.queries.js';
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

  /**
   * Creates (id 0) or updates an article; the saved article is kept as a revision in the same transaction
   * (`restoredFrom`: the revision a restore saves again).
   */
  async save(form: NewsFormInput, adminId: number, restoredFrom: number | null = null): Promise<AmendResult> {
    const categories = await this.news.categories();
    if (!categories.some((c) => c.id === form.dynamic_id)) throw invalid('请选择文章分类');
    const fields = toNewsFields(form);
    // The change and the pages it tells Baidu about are saved together (docs/behaviour.md#baidu-link-push).
    const id = await this.push.write('news', async (manager) => {
      let id = form.id;
      if (id === 0) id = await insertNews(manager, fields);
      else if ((await updateNews(manager, id, fields)) === 0) throw failure('文章不存在或已删除');
      await this.recordRevision(manager, id, adminId, restoredFrom);
      return { id, reason: form.id === 0 ? 'create' : 'update' };
    });
    return { id };
  }

  /** The article as it was just saved, as its edit form (what a restore saves again). */
  private async recordRevision(
    manager: EntityManager,
    id: number,
    adminId: number,
    restoredFrom: number | null,
  ): Promise<void> {
    const row = await findNews(manager, id);
    if (!row) throw failure('文章不存在或已删除');
    await recordRevision(manager, {
      kind: 'news',
      itemId: id,
      document: toNewsForm(row),
      authorId: adminId,
      restoredFrom,
    });
  }

  /** Moves an article to the recycle bin; its pages are pushed as gone (they answer 404 now). */
  async remove(id: number, adminId: number): Promise<void> {
    await this.push.write('news', async (manager) => {
      if ((await trashNews(manager, id, adminId)) === 0) throw failure('文章不存在或已删除');
      return { id, reason: 'delete' };
    });
  }
}
