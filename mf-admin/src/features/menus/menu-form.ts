import { ADMIN_LIMITS, menuPositionRange, type MenuForm, type MenuGrade, type MenuOption } from '@site/shared-types';

/** What the menu dialog opens for beside the id: a new menu's grade and parent (添加子栏目). */
export interface MenuOpening {
  grade: MenuGrade;
  parent: number;
}

/** A new menu: shown on both sites, last among the entries beside it; grade 1 unless asked for under a parent. */
export function newMenu(options: readonly MenuOption[], opening: Partial<MenuOpening>): MenuForm {
  const grade = opening.grade ?? 1;
  const parent = grade === 1 ? null : (opening.parent ?? null);
  return {
    id: 0,
    grade,
    menu: parent ?? 0,
    title: '',
    intro: '',
    img: '',
    background: '',
    pcmenu: true,
    pcmenusite: menuPositionRange(options, { id: 0, parent }, 'pc').max,
    movemenu: true,
    movemenusite: menuPositionRange(options, { id: 0, parent }, 'move').max,
  };
}

/**
 * What the dialog saves: a top-level menu has no parent, empty optional fields are sent empty, and a hidden
 * entry keeps the position it had (its field is disabled and may be empty).
 */
export function menuPayload(values: MenuForm, stored: MenuForm | undefined): Omit<MenuForm, 'id'> {
  const fallback = ADMIN_LIMITS.menuPositionMin;
  return {
    ...values,
    menu: values.grade === 1 ? 0 : values.menu,
    intro: values.intro ?? '',
    img: values.img ?? '',
    background: values.background ?? '',
    pcmenusite: values.pcmenusite ?? stored?.pcmenusite ?? fallback,
    movemenusite: values.movemenusite ?? stored?.movemenusite ?? fallback,
  };
}
