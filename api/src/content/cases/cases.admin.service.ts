import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AdminList,
  AdminListRequest,
  AmendResult,
  CaseAdminRow,
  CaseForm,
  CaseFormInput,
  MenuLink,
  ReviewApproveRequest,
  ReviewFields,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { invalid } from '../../core/api.exception.js';
import { toLink } from '../../core/wire.js';
import { toCaseAdminRow, toCaseFields, toCaseForm } from './cases.mapping.js';
import {
  countAdminCases,
  findCase,
  insertCase,
  listAdminCases,
  listServiceMenus,
  updateCase,
  type CaseAdminFilter,
  type CaseFields,
  type StoredCase,
} from './cases.queries.js';
import { CasesService } from './cases.service.js';
import { ItemEditor } from '../editing/item-editor.js';
import { ItemReview, type ReviewedStore, type Writer } from '../editing/item-review.js';
import { trashItem } from '../editing/publishing.queries.js';
import { pictureOrigins, withCanonicalPictures } from '../uploads/media-references.js';

@Injectable()
export class CasesAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cases: CasesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly editor: ItemEditor,
    private readonly review: ItemReview,
  ) {}

  /** Menus a case can be filed under: the top-level menus other than home, customer cases and about. */
  async serviceMenus(): Promise<MenuLink[]> {
    return (await listServiceMenus(this.db)).map(toLink);
  }

  /** The cases the writer may see (a contributor: their own), with every menu and tab the screen offers. */
  async list(filter: AdminListRequest, writer: Writer): Promise<AdminList<CaseAdminRow>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(filter.page, perPage);
    const where: CaseAdminFilter = {
      menu: filter.menu ?? 0,
      classic: filter.classic ?? 0,
      search: filter.search ?? '',
      status: filter.status ?? '',
      author: this.review.authorFilter(writer),
    };
    const rows = await listAdminCases(this.db, where, window);
    const total = await countAdminCases(this.db, where);
    const menus = await this.serviceMenus();
    return adminList(rows.map(toCaseAdminRow), total, window.page, perPage, menus, await this.cases.classes());
  }

  /** A case as its edit form with its review, as the writer may see it (docs/behaviour.md#review-before-publishing). */
  get(id: number, writer: Writer): Promise<CaseForm & ReviewFields> {
    return this.review.form(CASE_STORE, id, writer);
  }

  /**
   * Creates (id 0) or updates a case; the rich text is sanitised first and the pictures' addresses written as the
   * library knows them. The saved case is kept as a revision and its pages are queued for the link push in the same
   * transaction (`restoredFrom`: the revision a restore saves again; `approving`: the revision an approval publishes). A contributor's save
   * is a draft of their own, or a change for review (docs/behaviour.md#review-before-publishing).
   */
  async save(
    form: CaseFormInput,
    writer: Writer,
    restoredFrom: number | null = null,
    approving: number | null = null,
  ): Promise<AmendResult> {
    const services = await this.serviceMenus();
    if (!services.some((menu) => menu.id === form.dict_id)) throw invalid('请选择案例所属的服务栏目');
    const fields = withCanonicalPictures(toCaseFields(form), CASE_PICTURES, pictureOrigins(this.config));
    return { id: await this.review.save(CASE_STORE, form.id, fields, writer, restoredFrom, approving) };
  }

  /** Submits the writer's case for review. */
  submit(id: number, writer: Writer): Promise<void> {
    return this.review.submit(CASE_STORE, id, writer);
  }

  /** Publishes or schedules the case as it was reviewed, through the ordinary save (an `approve` revision). */
  async approve(
    id: number,
    approval: Pick<ReviewApproveRequest, 'status' | 'publish_at'>,
    editor: Writer,
  ): Promise<void> {
    await this.approveReviewed(id, await this.review.underReview(CASE_STORE, id), approval, editor);
  }

  /**
   * Publishes or schedules revision `reviewed.number` of the case, the one the editor reviewed; refused when another
   * change was submitted (or the review ended) since.
   */
  async approveReviewed(
    id: number,
    reviewed: { form: CaseForm; number: number },
    approval: Pick<ReviewApproveRequest, 'status' | 'publish_at'>,
    editor: Writer,
  ): Promise<void> {
    const { review: _review, review_comment: _comment, ...document } = reviewed.form as CaseForm & ReviewFields;
    const form = { ...document, id, status: approval.status, publish_at: approval.publish_at ?? null };
    await this.review.approving('case', id, reviewed.number, () => this.save(form, editor, null, reviewed.number));
  }

  /** Sends the case back to its author with the editor's comment. */
  sendBack(id: number, comment: string, editor: Writer): Promise<void> {
    return this.review.sendBack(CASE_STORE, id, comment, editor);
  }

  /** Moves a case to the recycle bin; its pages are pushed as gone (they answer 404 now). */
  async remove(id: number, adminId: number): Promise<void> {
    await this.editor.trash(CASE_STORE, id, adminId);
  }
}

/** The fields of a case that can hold a picture's address. */
const CASE_PICTURES = ['img', 'code_img', 'banner', 'content'] as const;

/** How a case is written, for the shared save, revision, bin and review workflow. */
const CASE_STORE: ReviewedStore<CaseFields, StoredCase, CaseForm> = {
  kind: 'case',
  name: '案例',
  insert: insertCase,
  update: updateCase,
  trash: (manager, id, adminId) => trashItem(manager, 'case', id, adminId),
  formOf: toCaseForm,
  find: findCase,
  titleOf: (form) => form.name,
};
