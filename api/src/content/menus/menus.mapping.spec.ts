import type { MenuForm } from '@site/shared-types';
import { toMenuFields, toMenuForm, toMenuTrees } from './menus.mapping.js';
import type { MenuRow } from './menus.queries.js';

const menu = (id: number, parent_id: number | null, grade: 1 | 2 | 3): MenuRow => ({
  id,
  name: `m${id}`,
  grade,
  parent_id,
  intro: '',
  img: '',
  background: '',
  pc: true,
  pcsite: id,
  move: false,
  movesite: 0,
});

describe('toMenuTrees', () => {
  it('should hang every menu under its parent, siblings in the order given', () => {
    const trees = toMenuTrees([menu(1, null, 1), menu(3, null, 1), menu(9, 3, 2), menu(8, 3, 2), menu(12, 9, 3)]);
    expect(trees.map((node) => node.id)).toEqual([1, 3]);
    expect(trees[1]!.children.map((node) => node.id)).toEqual([9, 8]);
    expect(trees[1]!.children[0]!.children.map((node) => node.id)).toEqual([12]);
    expect(trees[0]).toMatchObject({ children: [], sebshow: false });
  });
});

describe('toMenuForm and toMenuFields', () => {
  it('should name the parent 0 for a top-level menu', () => {
    expect(toMenuForm(menu(3, null, 1)).menu).toBe(0);
    expect(toMenuForm(menu(9, 3, 2)).menu).toBe(3);
  });

  it('should store a form as the row it was read from', () => {
    const row = { ...menu(9, 3, 2), intro: '介绍', pc: false, move: true, movesite: 4 };
    const form: MenuForm = toMenuForm(row);
    const { id: _id, ...fields } = row;
    expect(toMenuFields(form, 3)).toEqual(fields);
  });
});
