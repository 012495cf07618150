/** A navigation entry (`programas` of the header). */
export interface MenuLink {
  id: number;
  name: string;
}

export type MenuGrade = 1 | 2 | 3;

/** Menu/category (docs/behaviour.md#content-model) as the back office lists it: a tree through `children`. */
export interface MenuNode {
  id: number;
  name: string;
  grade: MenuGrade;
  parent_id: number | null;
  intro: string;
  /** Icon shown in service-category sub-lists. */
  img: string;
  /** Banner of the category page. */
  background: string;
  /** Shown on the desktop site. */
  pc: boolean;
  /** Position among the desktop entries. */
  pcsite: number;
  /** Shown on the mobile site. */
  move: boolean;
  /** Position among the mobile entries. */
  movesite: number;
  children: MenuNode[];
  /** UI expand flag of the back-office tree. */
  sebshow: boolean;
}

/**
 * The menu edit form (docs/behaviour.md#content-model): grade, parent menu (grade 2/3 only), title, intro,
 * visibility and positions.
 */
export interface MenuForm {
  id: number;
  grade: MenuGrade;
  /** Parent menu id; `0` for a top-level (grade 1) menu. */
  menu: number;
  title: string;
  intro: string;
  img: string;
  background: string;
  pcmenu: boolean;
  pcmenusite: number;
  movemenu: boolean;
  movemenusite: number;
}
