import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AdminList,
  AdminListRequest,
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
import { toNewsAdminRow, toNewsFields, toNewsForm } from './news.mapping.js';
import {
  countAdminNews,
  findNews,
  insertNews,
  listAdminNews,
  updateNews,
  type NewsAdminFilter,
  type NewsFields,
  type NewsRow,
} from './news.queries.js';
import { NewsService } from './news.service.js';
import { ItemEditor, type ItemStore } from '../editing/item-editor.js';
import { trashItem } from '../editing/publishing.queries.js';
import { pictureOrigins, withCanonicalPictures } from '../uploads/media-references.js';

@Injectable()
export class NewsAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly news: NewsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly editor: ItemEditor,
  ) {}

  async list(filter: AdminListRequest): Promise<AdminList<NewsAdminRow, NewsCategoryLink>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(filter.page, perPage);
    const where: NewsAdminFilter = { menu: filter.menu ?? 0, search: filter.search ?? '', status: filter.status ?? '' };
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
   * Creates (id 0) or updates an article, the pictures' addresses written as the library knows them; the saved
   * article is kept as a revision and its pages are queued for the link push in the same transaction
   * (`restoredFrom`: the revision a restore saves again).
   */
  async save(form: NewsFormInput, adminId: number, restoredFrom: number | null = null): Promise<AmendResult> {
    const categories = await this.news.categories();
    if (!categories.some((c) => c.id === form.dynamic_id)) throw invalid('请选择文章分类');
    const fields = withCanonicalPictures(toNewsFields(form), NEWS_PICTURES, pictureOrigins(this.config));
    return { id: await this.editor.save(NEWS_STORE, form.id, fields, adminId, restoredFrom) };
  }

  /** Moves an article to the recycle bin; its pages are pushed as gone (they answer 404 now). */
  async remove(id: number, adminId: number): Promise<void> {
    await this.editor.trash(NEWS_STORE, id, adminId);
  }
}

/** The fields of an article that can hold a picture's address. */
const NEWS_PICTURES = ['img', 'content'] as const;

/** How an article is written, for the shared save, revision and bin workflow. */
const NEWS_STORE: ItemStore<NewsFields, NewsRow, NewsForm> = {
  kind: 'news',
  name: '文章',
  insert: insertNews,
  update: updateNews,
  trash: (manager, id, adminId) => trashItem(manager, 'news', id, adminId),
  formOf: toNewsForm,
};
