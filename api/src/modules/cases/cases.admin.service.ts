import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminList, AmendResult, CaseAdminRow, CaseForm, CaseFormInput, MenuLink } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure, invalid } from '../../core/api.exception.js';
import { BaiduPushQueue } from '../baidu-push/baidu-push.queue.js';
import { toLink } from '../../core/wire.js';
import { toCaseAdminRow, toCaseFields, toCaseForm } from './cases.mapping.js';
import {
  countAdminCases,
  deleteCase,
  findCase,
  insertCase,
  listAdminCases,
  listServiceMenus,
  updateCase,
  type CaseAdminFilter,
} from './cases.queries.js';
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

  /** Creates (id 0) or updates a case; the rich text is sanitised first. */
  async save(form: CaseFormInput): Promise<AmendResult> {
    const services = await this.serviceMenus();
    if (!services.some((menu) => menu.id === form.dict_id)) throw invalid('请选择案例所属的服务栏目');
    const fields = toCaseFields(form);
    // The change and the pages it tells Baidu about are saved together (docs/behaviour.md#baidu-link-push).
    const id = await this.push.write('case', async (manager) => {
      if (form.id === 0) return { id: await insertCase(manager, fields), reason: 'create' };
      if ((await updateCase(manager, form.id, fields)) === 0) throw failure('案例不存在或已删除');
      return { id: form.id, reason: 'update' };
    });
    return { id };
  }

  async remove(id: number): Promise<void> {
    await this.push.write('case', async (manager) => {
      if ((await deleteCase(manager, id)) === 0) throw failure('案例不存在或已删除');
      return { id, reason: 'delete' };
    });
  }
}
