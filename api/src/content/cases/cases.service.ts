import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CaseListType,
  INFINITE_LIST,
  MenuId,
  type CaseClassLink,
  type CaseDetail,
  type CaseSummary,
  type ItemsData,
  type Paged,
  type SuccessCase,
  type WebcaseCutData,
  type WebcaseData,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { failure } from '../../core/api.exception.js';
import { listStart, pagedAfter } from '../../core/list-cursor.js';
import { toLink } from '../../core/wire.js';
import { countPublished } from '../editing/publishing.queries.js';
import { toCaseDetail, toCaseSummary, toItemsMenu, toSuccessCase } from './cases.mapping.js';
import {
  caseListExists,
  findCaseDetail,
  findMenuBanner,
  listCaseClasses,
  listCases,
  listMenuOfferings,
  listSuccessCases,
  inScope,
  type CaseScope,
} from './cases.queries.js';
import type { Audience } from '../editing/publishing.js';

@Injectable()
export class CasesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** `POST /api/items`: a menu's banner and sub-entries with the first cases filed under it. */
  async items(menuId: number): Promise<ItemsData> {
    const menu = await findMenuBanner(this.db, menuId);
    if (!menu) throw failure('栏目不存在');
    const offerings = await listMenuOfferings(this.db, menuId);
    const first = await this.page({ column: 'dict_id', value: menuId }, 0, INFINITE_LIST.preloadedPage);
    return { menu: toItemsMenu(menu, offerings), case: { sum: first.sum, caselist: first.data } };
  }

  /** `POST /api/itemmore`: the next `amount` cases after the cursor `page`. */
  async more(type: CaseListType, listId: number, cursor: number, amount: number): Promise<Paged<CaseSummary>> {
    const scope: CaseScope =
      type === CaseListType.Classic ? { column: 'class_id', value: listId } : { column: 'dict_id', value: listId };
    await this.assertListExists(scope);
    return this.page(scope, cursor, amount);
  }

  /** One step of a list: `page` in the answer is the cursor of the step after it. */
  async page(scope: CaseScope, cursor: number, amount: number): Promise<Paged<CaseSummary>> {
    const rows = await listCases(this.db, inScope(scope), listStart(cursor), amount);
    return pagedAfter(
      rows.map(toCaseSummary),
      cursor,
      await countPublished(this.db, scope.column === 'class_id' ? 'case_class' : 'case_dict', scope.value),
    );
  }

  /**
   * `POST /api/details`: a case and its neighbours. Opened from the customer-case menu (casemenu 2) the
   * neighbours are those of the case's tab; from anywhere else, those of its service menu.
   */
  /** `audience`: `preview` also reads a draft or scheduled case (docs/behaviour.md#preview). */
  async detail(caseId: number, casemenu: number, audience: Audience = 'public'): Promise<CaseDetail> {
    const list = casemenu === MenuId.Cases ? 'class_id' : 'dict_id';
    const row = await findCaseDetail(this.db, caseId, list, audience);
    if (!row) throw failure('案例不存在或已删除');
    return toCaseDetail(row, row);
  }

  async classes(): Promise<CaseClassLink[]> {
    return (await listCaseClasses(this.db)).map(toLink);
  }

  /** `GET /api/webcase`: the tabs and the first tab's first cases. */
  async webcase(): Promise<WebcaseData> {
    const casemenu = await this.classes();
    const firstTab = casemenu[0];
    if (!firstTab) return { casemenu, casecontent: [], sum: 0 };
    const { casecontent, sum } = await this.webcaseCut(firstTab.id);
    return { casemenu, casecontent, sum };
  }

  /** `POST /api/webcasecut`: one tab's first cases. */
  async webcaseCut(classId: number): Promise<WebcaseCutData> {
    const scope: CaseScope = { column: 'class_id', value: classId };
    await this.assertListExists(scope);
    const first = await this.page(scope, 0, INFINITE_LIST.preloadedPage);
    return { casecontent: first.data, sum: first.sum };
  }

  /** The home page's success cases: pinned cases first, then the newest. */
  async success(limit: number): Promise<SuccessCase[]> {
    return (await listSuccessCases(this.db, limit)).map(toSuccessCase);
  }

  private async assertListExists(scope: CaseScope): Promise<void> {
    if (!(await caseListExists(this.db, scope)))
      throw failure(scope.column === 'class_id' ? '案例分类不存在' : '栏目不存在');
  }
}
