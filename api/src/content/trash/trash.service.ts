import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  TRASH_DAYS,
  TRASH_KINDS,
  type AdminList,
  type TrashKind,
  type TrashKindCount,
  type TrashRow,
} from '@site/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure } from '../../core/api.exception.js';
import { ItemEditor } from '../editing/item-editor.js';
import { publicChange } from '../editing/publishing.js';
import { countShownSiblings, lockMenuTable } from '../menus/menus.queries.js';
import { deleteRevisions } from '../editing/revisions.queries.js';
import {
  countTrash,
  countTrashByKind,
  deleteTrashed,
  deleteTrashedMenus,
  findTrashedCase,
  findTrashedMenu,
  listCasesUnder,
  listSubtrees,
  listTrash,
  restoreItemRow,
  restoreRow,
  setMenuPositions,
  trashedIds,
  type PurgeScope,
  type TrashedMenuRow,
} from './trash.queries.js';

const NOT_IN_BIN: Record<TrashKind, string> = {
  case: '回收站中没有这个案例',
  news: '回收站中没有这篇文章',
  menu: '回收站中没有这个栏目',
};

/**
 * The recycle bin (docs/behaviour.md#recycle-bin): what the back office's delete calls trashed, restored or purged
 * here. Restores and purges are writes of published tables, so the content version moves and every cache drops
 * what it kept (docs/decisions.md "Published-content cache"); nothing else needs telling.
 */
@Injectable()
export class TrashService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly editor: ItemEditor,
  ) {}

  async list(filter: {
    kind?: TrashKind;
    page?: number;
    search?: string;
  }): Promise<AdminList<TrashRow, TrashKindCount>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(filter.page, perPage);
    const where = { kind: filter.kind ?? ('' as const), search: filter.search ?? '' };
    const rows = await listTrash(this.db, where, TRASH_DAYS, window);
    const total = await countTrash(this.db, where);
    const counts = await countTrashByKind(this.db);
    const kinds = TRASH_KINDS.map(({ kind, name }) => ({ kind, name, count: counts[kind] }));
    return adminList(rows, total, window.page, perPage, kinds);
  }

  /** Takes an item out of the bin, unless what it is filed under is still in it. */
  async restore(kind: TrashKind, id: number): Promise<void> {
    if (kind === 'menu') {
      await this.db.transaction((manager) => this.restoreMenu(manager, id));
      return;
    }
    // A published case's or article's pages are back: their followers (the link push) hear of it like of a new item.
    await this.editor.write(async (manager) => {
      if (kind === 'case') {
        const row = await findTrashedCase(manager, id);
        if (!row) throw failure(NOT_IN_BIN.case);
        if (row.menu_trashed) throw failure(`所属栏目「${row.menu_name}」在回收站中，请先恢复该栏目`);
      }
      const status = await restoreItemRow(manager, kind, id);
      if (status === undefined) throw failure(NOT_IN_BIN[kind]);
      return { kind, id, how: publicChange(false, status === 'published') };
    });
  }

  /**
   * A menu comes back where it was, unless its parent is still in the bin. A shown menu keeps its position if it is
   * still allowed (docs/behaviour.md#menu-management), else it goes last: siblings may have moved up meanwhile.
   */
  private async restoreMenu(manager: EntityManager, id: number): Promise<void> {
    await lockMenuTable(manager);
    const row = await findTrashedMenu(manager, id);
    if (!row) throw failure(NOT_IN_BIN.menu);
    if (row.parent_trashed) throw failure(`上级栏目「${row.parent_name ?? ''}」在回收站中，请先恢复上级栏目`);
    const pcsite = await this.allowedPosition(manager, row, 'pc');
    const movesite = await this.allowedPosition(manager, row, 'move');
    await restoreRow(manager, 'menu', id);
    if (pcsite !== row.pcsite || movesite !== row.movesite) await setMenuPositions(manager, id, pcsite, movesite);
  }

  private async allowedPosition(manager: EntityManager, row: TrashedMenuRow, site: 'pc' | 'move'): Promise<number> {
    const position = site === 'pc' ? row.pcsite : row.movesite;
    if (!(site === 'pc' ? row.pc : row.move)) return position;
    const max = Math.max(2, (await countShownSiblings(manager, row.parent_id, site, row.id)) + 1);
    return position < 2 || position > max ? max : position;
  }

  /** Deletes one trashed item for good; a menu takes the trashed sub-menus and cases under it along. */
  async purge(kind: TrashKind, id: number): Promise<number> {
    const count = await this.db.transaction((manager) => this.purgeIn(manager, { item: { kind, id } }));
    if (count === 0) throw failure(NOT_IN_BIN[kind]);
    return count;
  }

  /** Empties the bin. */
  empty(): Promise<number> {
    return this.db.transaction((manager) => this.purgeIn(manager, { all: true }));
  }

  /**
   * Purges what has been in the bin for more than `TRASH_DAYS` days. Safe on several servers at once: each
   * statement deletes only rows still trashed, so the second server finds nothing left to do.
   */
  purgeExpired(days = TRASH_DAYS): Promise<number> {
    return this.db.transaction((manager) => this.purgeIn(manager, { olderThanDays: days }));
  }

  /**
   * Deletes the trashed rows a scope takes, with the revisions of the cases and articles. A trashed menu goes
   * with its subtree and the cases filed under it, all of which are in the bin as well: a menu can be trashed
   * only without sub-menus or cases outside the bin, and none can be restored or filed under it while it is
   * there. Should a hand-made change break that, the menu stays in the bin rather than take a live row along.
   */
  private async purgeIn(manager: EntityManager, scope: PurgeScope): Promise<number> {
    const roots = await trashedIds(manager, 'menu', scope);
    const subtrees = await listSubtrees(manager, roots);
    const under = await listCasesUnder(
      manager,
      subtrees.map((menu) => menu.id),
    );
    const rootOf = new Map(subtrees.map((menu) => [menu.id, menu.root]));
    const blocked = new Set<number>();
    for (const menu of subtrees) if (!menu.trashed) blocked.add(menu.root);
    for (const row of under) if (!row.trashed) blocked.add(rootOf.get(row.dict_id) ?? 0);
    const menus = subtrees.filter((menu) => !blocked.has(menu.root));
    const menuIds = new Set(menus.map((menu) => menu.id));

    const caseIds = new Set(await trashedIds(manager, 'case', scope));
    for (const row of under) if (menuIds.has(row.dict_id)) caseIds.add(row.id);
    const cases = await deleteTrashed(manager, 'case', [...caseIds]);
    await deleteRevisions(manager, 'case', cases);
    const news = await deleteTrashed(manager, 'news', await trashedIds(manager, 'news', scope));
    await deleteRevisions(manager, 'news', news);
    let purgedMenus = 0;
    for (const grade of [3, 2, 1]) {
      const ids = menus.filter((menu) => menu.grade === grade).map((menu) => menu.id);
      purgedMenus += await deleteTrashedMenus(manager, ids, grade);
    }
    return cases.length + news.length + purgedMenus;
  }
}
