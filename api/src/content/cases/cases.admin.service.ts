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
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure, invalid } from '../../core/api.exception.js';
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
  type CaseRow,
} from './cases.queries.js';
import { CasesService } from './cases.service.js';
import { ItemEditor, type ItemStore } from '../editing/item-editor.js';
import { trashItem } from '../editing/publishing.queries.js';
import { pictureOrigins, withCanonicalPictures } from '../uploads/media-references.js';

@Injectable()
export class CasesAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cases: CasesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly editor: ItemEditor,
  ) {}

  /** Menus a case can be filed under: the top-level menus other than home, customer cases and about. */
  async serviceMenus(): Promise<MenuLink[]> {
    return (await listServiceMenus(this.db)).map(toLink);
  }

  async list(filter: AdminListRequest): Promise<AdminList<CaseAdminRow>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(filter.page, perPage);
    const where: CaseAdminFilter = {
      menu: filter.menu ?? 0,
      classic: filter.classic ?? 0,
      search: filter.search ?? '',
      status: filter.status ?? '',
    };
    const rows = await listAdminCases(this.db, where, window);
    const total = await countAdminCases(this.db, where);
    const menus = await this.serviceMenus();
    return adminList(rows.map(toCaseAdminRow), total, window.page, perPage, menus, await this.cases.classes());
  }

  async get(id: number): Promise<CaseForm> {
    const row = await findCase(this.db, id);
    if (!row) throw failure('案例不存在或已删除');
    return toCaseForm(row);
  }

  /**
   * Creates (id 0) or updates a case; the rich text is sanitised first and the pictures' addresses written as the
   * library knows them. The saved case is kept as a revision and its pages are queued for the link push in the same
   * transaction (`restoredFrom`: the revision a restore saves again).
   */
  async save(form: CaseFormInput, adminId: number, restoredFrom: number | null = null): Promise<AmendResult> {
    const services = await this.serviceMenus();
    if (!services.some((menu) => menu.id === form.dict_id)) throw invalid('请选择案例所属的服务栏目');
    const fields = withCanonicalPictures(toCaseFields(form), CASE_PICTURES, pictureOrigins(this.config));
    return { id: await this.editor.save(CASE_STORE, form.id, fields, adminId, restoredFrom) };
  }

  /** Moves a case to the recycle bin; its pages are pushed as gone (they answer 404 now). */
  async remove(id: number, adminId: number): Promise<void> {
    await this.editor.trash(CASE_STORE, id, adminId);
  }
}

/** The fields of a case that can hold a picture's address. */
const CASE_PICTURES = ['img', 'code_img', 'banner', 'content'] as const;

/** How a case is written, for the shared save, revision and bin workflow. */
const CASE_STORE: ItemStore<CaseFields, CaseRow, CaseForm> = {
  kind: 'case',
  name: '案例',
  insert: insertCase,
  update: updateCase,
  trash: (manager, id, adminId) => trashItem(manager, 'case', id, adminId),
  formOf: toCaseForm,
};
