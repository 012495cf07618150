import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isFixedMenu,
  MenuId,
  type AdminList,
  type AmendResult,
  type MenuForm,
  type MenuNode,
  type MenuOption,
} from '@site/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure, invalid } from '../../core/api.exception.js';
import { CasesService } from '../cases/cases.service.js';

type MenuRow = Omit<MenuNode, 'children' | 'sebshow'>;

const ROW = 'id, name, grade, parent_id, intro, img, background, pc, pcsite, move, movesite';
const SIBLING_ORDER = 'pcsite ASC, id ASC';

@Injectable()
export class MenusAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cases: CasesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Top-level menus, a page at a time, each with its subtree; `search` keeps the trees with a matching name. */
  async list(
    root: number | undefined,
    page: number | undefined,
    search: string | undefined,
  ): Promise<AdminList<MenuNode, MenuOption>> {
    const all = (await this.db.query(`SELECT ${ROW} FROM menu ORDER BY ${SIBLING_ORDER}`)) as MenuRow[];
    const byParent = new Map<number | null, MenuRow[]>();
    for (const row of all) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
    const tree = (row: MenuRow): MenuNode => ({
      ...row,
      children: (byParent.get(row.id) ?? []).map(tree),
      sebshow: false,
    });
    const matches = (node: MenuNode): boolean =>
      !search || node.name.toLowerCase().includes(search.toLowerCase()) || node.children.some(matches);

    const roots = (byParent.get(null) ?? [])
      .filter((row) => !root || row.id === root)
      .map(tree)
      .filter(matches);
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(page, perPage);
    const options = all.map(({ id, name, grade, parent_id, pc, move }) => ({ id, name, grade, parent_id, pc, move }));
    return adminList(
      roots.slice(window.offset, window.offset + perPage),
      roots.length,
      window.page,
      perPage,
      options,
      await this.cases.classes(),
    );
  }

  async get(id: number): Promise<MenuForm> {
    const [row] = (await this.db.query(`SELECT ${ROW} FROM menu WHERE id = $1`, [id])) as MenuRow[];
    if (!row) throw failure('栏目不存在');
    return {
      id: row.id,
      grade: row.grade,
      menu: row.parent_id ?? 0,
      title: row.name,
      intro: row.intro,
      img: row.img,
      background: row.background,
      pcmenu: row.pc,
      pcmenusite: row.pcsite,
      movemenu: row.move,
      movemenusite: row.movesite,
    };
  }

  /** Creates (id 0) or updates a menu, checking grade, parent and positions inside one transaction. */
  async save(form: MenuForm): Promise<AmendResult> {
    return this.db.transaction(async (manager) => {
      // One editor at a time: positions are checked against the other menus.
      await manager.query('LOCK TABLE menu IN SHARE ROW EXCLUSIVE MODE');
      const current = form.id === 0 ? null : await this.existing(manager, form.id);
      const parentId = await this.checkParent(manager, form);
      if (current) await this.checkRegrade(manager, current, form, parentId);
      await this.checkPosition(manager, form, parentId, 'pc');
      await this.checkPosition(manager, form, parentId, 'move');

      const values = [
        form.title,
        form.grade,
        parentId,
        form.intro,
        form.img,
        form.background,
        form.pcmenu,
        form.pcmenusite,
        form.movemenu,
        form.movemenusite,
      ];
      if (!current) {
        const [created] = (await manager.query(
          `INSERT INTO menu (name, grade, parent_id, intro, img, background, pc, pcsite, move, movesite)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          values,
        )) as { id: number }[];
        return { id: created!.id };
      }
      await manager.query(
        `UPDATE menu SET name = $1, grade = $2, parent_id = $3, intro = $4, img = $5, background = $6, pc = $7,
           pcsite = $8, move = $9, movesite = $10, updated_at = now() WHERE id = $11`,
        [...values, form.id],
      );
      return { id: form.id };
    });
  }

  async remove(id: number): Promise<void> {
    await this.db.transaction(async (manager) => {
      await this.existing(manager, id);
      if (isFixedMenu(id)) throw failure('系统栏目不能删除，可以设置为不显示');
      const [children] = (await manager.query('SELECT count(*)::int AS n FROM menu WHERE parent_id = $1', [id])) as {
        n: number;
      }[];
      if (children!.n > 0) throw failure('该栏目下还有子栏目，请先删除子栏目');
      const [cases] = (await manager.query('SELECT count(*)::int AS n FROM "case" WHERE dict_id = $1', [id])) as {
        n: number;
      }[];
      if (cases!.n > 0) throw failure(`该栏目下还有 ${cases!.n} 个案例，请先移走或删除这些案例`);
      await manager.query('DELETE FROM menu WHERE id = $1', [id]);
    });
  }

  private async existing(manager: EntityManager, id: number): Promise<MenuRow> {
    const [row] = (await manager.query(`SELECT ${ROW} FROM menu WHERE id = $1 FOR UPDATE`, [id])) as MenuRow[];
    if (!row) throw failure('栏目不存在');
    return row;
  }

  /** Grade 1 has no parent; grade 2 hangs under a grade-1 menu, grade 3 under a grade-2 one. */
  private async checkParent(manager: EntityManager, form: MenuForm): Promise<number | null> {
    if (form.grade === 1) {
      if (form.menu !== 0) throw invalid('一级栏目不能选择上级栏目');
      return null;
    }
    if (form.menu === 0) throw invalid('请选择上级栏目');
    if (form.menu === form.id) throw invalid('上级栏目不能是栏目自己');
    const [parent] = (await manager.query('SELECT grade FROM menu WHERE id = $1', [form.menu])) as { grade: number }[];
    if (!parent) throw invalid('上级栏目不存在');
    if (parent.grade !== form.grade - 1)
      throw invalid(`${form.grade === 2 ? '二' : '三'}级栏目的上级必须是${form.grade === 2 ? '一' : '二'}级栏目`);
    return form.menu;
  }

  private async checkRegrade(
    manager: EntityManager,
    current: MenuRow,
    form: MenuForm,
    parentId: number | null,
  ): Promise<void> {
    const moved = current.grade !== form.grade || current.parent_id !== parentId;
    if (!moved) return;
    if (isFixedMenu(current.id)) throw invalid('系统栏目不能修改级别或上级栏目');
    const [children] = (await manager.query('SELECT count(*)::int AS n FROM menu WHERE parent_id = $1', [
      current.id,
    ])) as { n: number }[];
    if (current.grade !== form.grade && children!.n > 0) throw invalid('该栏目下还有子栏目，不能修改级别');
  }

  /**
   * Spec §5: a shown entry's position is at least 2 and at most the number of entries shown beside it
   * (its siblings on that site, itself included). Hidden entries keep whatever position they had.
   */
  private async checkPosition(
    manager: EntityManager,
    form: MenuForm,
    parentId: number | null,
    site: 'pc' | 'move',
  ): Promise<void> {
    const shown = site === 'pc' ? form.pcmenu : form.movemenu;
    if (!shown) return;
    if (form.id === MenuId.Home) return; // home always leads the navigation
    const [row] = (await manager.query(
      `SELECT count(*)::int AS n FROM menu WHERE parent_id IS NOT DISTINCT FROM $1 AND ${site} AND id <> $2`,
      [parentId, form.id],
    )) as { n: number }[];
    const max = Math.max(2, row!.n + 1);
    const position = site === 'pc' ? form.pcmenusite : form.movemenusite;
    if (position < 2 || position > max) {
      throw invalid(`${site === 'pc' ? 'PC 端' : '移动端'}显示位置必须在 2 到 ${max} 之间`);
    }
  }
}
