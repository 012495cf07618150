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
import { CASE_LIST_ORDER, CASE_SUMMARY_COLUMNS } from './case-sql.js';

/** Which list a case belongs to: a service menu (`dict_id`) or a customer-case tab (`class_id`). */
export interface CaseScope {
  column: 'dict_id' | 'class_id';
  value: number;
}

type DetailRow = Omit<CaseDetail, 'upId' | 'upname' | 'caseup' | 'downId' | 'downname' | 'casedown'>;

interface NeighbourRow {
  up_id: number | null;
  up_name: string | null;
  down_id: number | null;
  down_name: string | null;
}

@Injectable()
export class CasesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** `POST /api/items`: a menu's banner and sub-entries with the first cases filed under it. */
  async items(menuId: number): Promise<ItemsData> {
    const [menu] = (await this.db.query('SELECT id, name, intro, background FROM menu WHERE id = $1', [menuId])) as {
      id: number;
      name: string;
      intro: string;
      background: string;
    }[];
    if (!menu) throw failure('栏目不存在');
    const menulist = (await this.db.query(
      // The sub-menus the administrator shows on the desktop site, in their positions.
      'SELECT id, name, img, intro FROM menu WHERE parent_id = $1 AND pc ORDER BY pcsite ASC, id ASC',
      [menuId],
    )) as ItemsData['menu']['menulist'];
    const first = await this.page({ column: 'dict_id', value: menuId }, 0, INFINITE_LIST.preloadedPage);
    return {
      menu: { title: menu.name, intro: menu.intro, background: menu.background, menulist },
      case: { sum: first.sum, caselist: first.data },
    };
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
    const data = (await this.db.query(
      `SELECT ${CASE_SUMMARY_COLUMNS} FROM "case" c WHERE c.${scope.column} = $1 ORDER BY ${CASE_LIST_ORDER} LIMIT $2 OFFSET $3`,
      [scope.value, amount, cursor],
    )) as CaseSummary[];
    const [count] = (await this.db.query(`SELECT count(*)::int AS sum FROM "case" c WHERE c.${scope.column} = $1`, [
      scope.value,
    ])) as { sum: number }[];
    return { data, page: cursor + data.length, sum: count?.sum ?? 0 };
  }

  /**
   * `POST /api/details`: a case and its neighbours. Opened from the customer-case menu (casemenu 2) the
   * neighbours are those of the case's tab; from anywhere else, those of its service menu.
   */
  async detail(caseId: number, casemenu: number): Promise<CaseDetail> {
    const [row] = (await this.db.query(
      `SELECT ${CASE_SUMMARY_COLUMNS}, c.code_img, c.banner, c.content FROM "case" c WHERE c.id = $1`,
      [caseId],
    )) as DetailRow[];
    if (!row) throw failure('案例不存在或已删除');
    const scope: CaseScope =
      casemenu === MenuId.Cases
        ? { column: 'class_id', value: row.class_id }
        : { column: 'dict_id', value: row.dict_id };
    const [near] = (await this.db.query(
      `SELECT up_id, up_name, down_id, down_name FROM (
         SELECT c.id,
                lag(c.id) OVER w AS up_id, lag(c.name) OVER w AS up_name,
                lead(c.id) OVER w AS down_id, lead(c.name) OVER w AS down_name
         FROM "case" c WHERE c.${scope.column} = $1
         WINDOW w AS (ORDER BY ${CASE_LIST_ORDER})
       ) t WHERE t.id = $2`,
      [scope.value, caseId],
    )) as NeighbourRow[];
    return {
      ...row,
      upId: near?.up_id ?? null,
      upname: near?.up_name ?? null,
      caseup: typeof near?.up_id === 'number',
      downId: near?.down_id ?? null,
      downname: near?.down_name ?? null,
      casedown: typeof near?.down_id === 'number',
    };
  }

  async classes(): Promise<CaseClassLink[]> {
    return (await this.db.query('SELECT id, name FROM case_class ORDER BY position ASC, id ASC')) as CaseClassLink[];
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
    return (await this.db.query(
      `SELECT c.id, c.img, c.name, c.scene FROM "case" c ORDER BY ${CASE_LIST_ORDER} LIMIT $1`,
      [limit],
    )) as SuccessCase[];
  }

  private async assertListExists(scope: CaseScope): Promise<void> {
    const table = scope.column === 'class_id' ? 'case_class' : 'menu';
    const found = (await this.db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [scope.value])) as unknown[];
    if (found.length === 0) throw failure(scope.column === 'class_id' ? '案例分类不存在' : '栏目不存在');
  }
}
