import type { MenuForm, MenuNode, MenuOption } from '@site/shared-types';
import { pick } from '../../core/wire.js';
import { MENU_COLUMNS, type MenuFields, type MenuRow } from './menus.queries.js';

// Menu rows as the back office's tree, options and form carry them, and forms as they are stored.

/** The top-level menus, each with its subtree; siblings keep the order of `rows`. */
export function toMenuTrees(rows: MenuRow[]): MenuNode[] {
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const tree = (row: MenuRow): MenuNode => ({
    ...pick(row, MENU_COLUMNS),
    children: (byParent.get(row.id) ?? []).map(tree),
    sebshow: false,
  });
  return (byParent.get(null) ?? []).map(tree);
}

export function toMenuOption(row: MenuRow): MenuOption {
  return pick(row, ['id', 'name', 'grade', 'parent_id', 'pc', 'move']);
}

export function toMenuForm(row: MenuRow): MenuForm {
  return {
    id: row.id,
    grade: row.grade,
    menu: row.parent_id ?? 0,
    title: row.name,
    ...pick(row, ['intro', 'img', 'background']),
    pcmenu: row.pc,
    pcmenusite: row.pcsite,
    movemenu: row.move,
    movemenusite: row.movesite,
  };
}

/** What a saved form stores; `parentId` is the checked parent (`null` for grade 1). */
export function toMenuFields(form: MenuForm, parentId: number | null): MenuFields {
  return {
    name: form.title,
    grade: form.grade,
    parent_id: parentId,
    ...pick(form, ['intro', 'img', 'background']),
    pc: form.pcmenu,
    pcsite: form.pcmenusite,
    move: form.movemenu,
    movesite: form.movemenusite,
  };
}
