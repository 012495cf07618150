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
  ReviewApproveRequest,
  ReviewFields,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { invalid } from '../../core/api.exception.js';
import { toNewsAdminRow, toNewsFields, toNewsForm } from './news.mapping.js';
import {
  countAdminNews,
  findNews,
  insertNews,
  listAdminNews,
  updateNews,
  type NewsAdminFilter,
  type NewsFields,
  type StoredNews,
} from './news.queries.js';
import { NewsService } from './news.service.js';
import { ItemEditor } from '../editing/item-editor.js';
import { ItemReview, type ReviewedStore, type Writer } from '../editing/item-review.js';
import { trashItem } from '../editing/publishing.queries.js';
import { pictureOrigins, withCanonicalPictures } from '../uploads/media-references.js';

@Injectable()
export class NewsAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly news: NewsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly editor: ItemEditor,
    private readonly review: ItemReview,
  ) {}

  /** The articles the writer may see (a contributor: their own), with every category the screen offers. */
  async list(filter: AdminListRequest, writer: Writer): Promise<AdminList<NewsAdminRow, NewsCategoryLink>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(filter.page, perPage);
    const where: NewsAdminFilter = {
      menu: filter.menu ?? 0,
      search: filter.search ?? '',
      status: filter.status ?? '',
      author: this.review.authorFilter(writer),
    };
    const rows = await listAdminNews(this.db, where, window);
    const total = await countAdminNews(this.db, where);
    return adminList(rows.map(toNewsAdminRow), total, window.page, perPage, await this.news.categories());
  }

  /** An article as its edit form with its review, as the writer may see it (docs/behaviour.md#review-before-publishing). */
  get(id: number, writer: Writer): Promise<NewsForm & ReviewFields> {
    return this.review.form(NEWS_STORE, id, writer);
  }

  /**
   * Creates (id 0) or updates an article, the pictures' addresses written as the library knows them; the saved
   * article is kept as a revision and its pages are queued for the link push in the same transaction
   * (`restoredFrom`: the revision a restore saves again; `approving`: the revision an approval publishes). A contributor's save is a draft of
   * their own, or a change for review (docs/behaviour.md#review-before-publishing).
   */
  async save(
    form: NewsFormInput,
    writer: Writer,
    restoredFrom: number | null = null,
    approving: number | null = null,
  ): Promise<AmendResult> {
    const categories = await this.news.categories();
    if (!categories.some((c) => c.id === form.dynamic_id)) throw invalid('请选择文章分类');
    const fields = withCanonicalPictures(toNewsFields(form), NEWS_PICTURES, pictureOrigins(this.config));
    return { id: await this.review.save(NEWS_STORE, form.id, fields, writer, restoredFrom, approving) };
  }

  /** Submits the writer's article for review. */
  submit(id: number, writer: Writer): Promise<void> {
    return this.review.submit(NEWS_STORE, id, writer);
  }

  /** Publishes or schedules the article as it was reviewed, through the ordinary save (an `approve` revision). */
  async approve(
    id: number,
    approval: Pick<ReviewApproveRequest, 'status' | 'publish_at'>,
    editor: Writer,
  ): Promise<void> {
    const reviewed = await this.review.underReview(NEWS_STORE, id);
    const { review: _review, review_comment: _comment, ...document } = reviewed.form;
    const form = { ...document, id, status: approval.status, publish_at: approval.publish_at ?? null };
    await this.review.approving('news', id, reviewed.number, () => this.save(form, editor, null, reviewed.number));
  }

  /** Sends the article back to its author with the editor's comment. */
  sendBack(id: number, comment: string, editor: Writer): Promise<void> {
    return this.review.sendBack(NEWS_STORE, id, comment, editor);
  }

  /** Moves an article to the recycle bin; its pages are pushed as gone (they answer 404 now). */
  async remove(id: number, adminId: number): Promise<void> {
    await this.editor.trash(NEWS_STORE, id, adminId);
  }
}

/** The fields of an article that can hold a picture's address. */
const NEWS_PICTURES = ['img', 'content'] as const;

/** How an article is written, for the shared save, revision, bin and review workflow. */
const NEWS_STORE: ReviewedStore<NewsFields, StoredNews, NewsForm> = {
  kind: 'news',
  name: '文章',
  insert: insertNews,
  update: updateNews,
  trash: (manager, id, adminId) => trashItem(manager, 'news', id, adminId),
  formOf: toNewsForm,
  find: findNews,
  titleOf: (form) => form.title,
};
