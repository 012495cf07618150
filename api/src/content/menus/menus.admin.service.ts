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
import { auditNote } from '../../core/audit/audit-context.js';
import { CasesService } from '../cases/cases.service.js';
import { pictureOrigins, refusingMissingPictures, withCanonicalPictures } from '../uploads/media-references.js';
import { toMenuFields, toMenuForm, toMenuOption, toMenuTrees } from './menus.mapping.js';
import {
  countCasesInMenu,
  countChildMenus,
  countShownSiblings,
  findMenu,
  findMenuForUpdate,
  findMenuGrade,
  insertMenu,
  listMenus,
  lockMenuTable,
  trashMenu,
  updateMenu,
  type MenuRow,
} from './menus.queries.js';

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
    const all = await listMenus(this.db);
    const matches = (node: MenuNode): boolean =>
      !search || node.name.toLowerCase().includes(search.toLowerCase()) || node.children.some(matches);
    const roots = toMenuTrees(all)
      .filter((node) => !root || node.id === root)
      .filter(matches);
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(page, perPage);
    return adminList(
      roots.slice(window.offset, window.offset + perPage),
      roots.length,
      window.page,
      perPage,
      all.map(toMenuOption),
      await this.cases.classes(),
    );
  }

  async get(id: number): Promise<MenuForm> {
    const row = await findMenu(this.db, id);
    if (!row) throw failure('栏目不存在');
    return toMenuForm(row);
  }

  /**
   * Creates (id 0) or updates a menu, checking grade, parent and positions inside one transaction; the pictures'
   * addresses are written as the library knows them, and one it does not hold is refused.
   */
  async save(form: MenuForm): Promise<AmendResult> {
    return refusingMissingPictures(() =>
      this.db.transaction(async (manager) => {
        await lockMenuTable(manager);
        const current = form.id === 0 ? null : await this.existing(manager, form.id);
        const parentId = await this.checkParent(manager, form);
        if (current) await this.checkRegrade(manager, current, form, parentId);
        await this.checkPosition(manager, form, parentId, 'pc');
        await this.checkPosition(manager, form, parentId, 'move');

        const fields = withCanonicalPictures(toMenuFields(form, parentId), MENU_PICTURES, pictureOrigins(this.config));
        const id = current ? form.id : await insertMenu(manager, fields);
        if (current) await updateMenu(manager, form.id, fields);
        auditNote({ itemKind: 'menu', itemId: id, title: form.title });
        return { id };
      }),
    );
  }

  /**
   * Moves a menu to the recycle bin. As before, only a menu without sub-menus or cases can go (those in the bin do
   * not count): what is filed under a trashed menu is always in the bin too, and purged with it.
   */
  async remove(id: number, adminId: number): Promise<void> {
    await this.db.transaction(async (manager) => {
      await this.existing(manager, id);
      if (isFixedMenu(id)) throw failure('系统栏目不能删除，可以设置为不显示');
      if ((await countChildMenus(manager, id)) > 0) throw failure('该栏目下还有子栏目，请先删除子栏目');
      const cases = await countCasesInMenu(manager, id);
      if (cases > 0) throw failure(`该栏目下还有 ${cases} 个案例，请先移走或删除这些案例`);
      await trashMenu(manager, id, adminId);
    });
  }

  private async existing(manager: EntityManager, id: number): Promise<MenuRow> {
    const row = await findMenuForUpdate(manager, id);
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
    const parentGrade = await findMenuGrade(manager, form.menu);
    if (parentGrade === undefined) throw invalid('上级栏目不存在');
    if (parentGrade !== form.grade - 1)
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
    const children = await countChildMenus(manager, current.id);
    if (current.grade !== form.grade && children > 0) throw invalid('该栏目下还有子栏目，不能修改级别');
  }

  /**
   * A shown entry's position is at least 2 and at most the number of entries shown beside it (its siblings on
   * that site, itself included). Hidden entries keep whatever position they had.
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
    const max = Math.max(2, (await countShownSiblings(manager, parentId, site, form.id)) + 1);
    const position = site === 'pc' ? form.pcmenusite : form.movemenusite;
    if (position < 2 || position > max) {
      throw invalid(`${site === 'pc' ? 'PC 端' : '移动端'}显示位置必须在 2 到 ${max} 之间`);
    }
  }
}

/** The fields of a menu that can hold a picture's address. */
const MENU_PICTURES = ['img', 'background', 'intro'] as const;
