import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminList, AmendResult, CaseAdminRow, CaseForm, CaseFormInput, MenuLink } from '@site/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure, invalid } from '../../core/api.exception.js';
import { BaiduPushQueue } from '../baidu-push/baidu-push.queue.js';
import { toLink } from '../../core/wire.js';
import { toCaseAdminRow, toCaseFields, toCaseForm } from './cases.mapping.js';
import {
  countAdminCases,
  findCase,
  insertCase,
  listAdminCases,
  listServiceMenus,
  trashCase,
  updateCase,
  type CaseAdminFilter,
} from './cases.queries.js';
import { recordRevision } from '../revisions/revisions.queries.js';
import { CasesService } from './cases.service.js';

@Injectable()
export class CasesAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cases: CasesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly push: BaiduPushQueue,
  ) {}

  /** Menus a case can be filed under: the top-level menus other than home, customer cases and about. */
  async serviceMenus(): Promise<MenuLink[]> {
    return (await listServiceMenus(this.db)).map(toLink);
  }

  async list(filter: {
    menu?: number;
    classic?: number;
    page?: number;
    search?: string;
  }): Promise<AdminList<CaseAdminRow>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(filter.page, perPage);
    const where: CaseAdminFilter = {
      menu: filter.menu ?? 0,
      classic: filter.classic ?? 0,
      search: filter.search ?? '',
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
   * Creates (id 0) or updates a case; the rich text is sanitised first. The saved case is kept as a revision in the
   * same transaction (`restoredFrom`: the revision a restore saves again).
   */
  async save(form: CaseFormInput, adminId: number, restoredFrom: number | null = null): Promise<AmendResult> {
    const services = await this.serviceMenus();
    if (!services.some((menu) => menu.id === form.dict_id)) throw invalid('请选择案例所属的服务栏目');
    const fields = toCaseFields(form);
    // The change and the pages it tells Baidu about are saved together (docs/behaviour.md#baidu-link-push).
    const id = await this.push.write('case', async (manager) => {
      let id = form.id;
      if (id === 0) id = await insertCase(manager, fields);
      else if ((await updateCase(manager, id, fields)) === 0) throw failure('案例不存在或已删除');
      await this.recordRevision(manager, id, adminId, restoredFrom);
      return { id, reason: form.id === 0 ? 'create' : 'update' };
    });
    return { id };
  }

  /** The case as it was just saved, as its edit form (what a restore saves again). */
  private async recordRevision(
    manager: EntityManager,
    id: number,
    adminId: number,
    restoredFrom: number | null,
  ): Promise<void> {
    const row = await findCase(manager, id);
    if (!row) throw failure('案例不存在或已删除');
    await recordRevision(manager, {
      kind: 'case',
      itemId: id,
      document: toCaseForm(row),
      authorId: adminId,
      restoredFrom,
    });
  }

  /** Moves a case to the recycle bin; its pages are pushed as gone (they answer 404 now). */
  async remove(id: number, adminId: number): Promise<void> {
    await this.push.write('case', async (manager) => {
      if ((await trashCase(manager, id, adminId)) === 0) throw failure('案例不存在或已删除');
      return { id, reason: 'delete' };
    });
  }
}
