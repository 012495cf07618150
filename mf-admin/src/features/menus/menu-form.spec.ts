import type { MenuForm, MenuOption } from '@site/shared-types';
import { menuPayload, newMenu } from './menu-form.js';

const options: MenuOption[] = [
  { id: 1, name: '首页', grade: 1, parent_id: null, pc: true, move: true },
  { id: 3, name: '网站建设', grade: 1, parent_id: null, pc: true, move: true },
  { id: 4, name: '新媒体营销', grade: 1, parent_id: null, pc: true, move: false },
  { id: 8, name: '品牌官网', grade: 2, parent_id: 3, pc: true, move: true },
];

const form = (overrides: Partial<MenuForm>): MenuForm => ({
  id: 9,
  grade: 2,
  menu: 3,
  title: '营销型网站',
  intro: '',
  img: '',
  background: '',
  pcmenu: true,
  pcmenusite: 2,
  movemenu: true,
  movemenusite: 2,
  ...overrides,
});

describe('newMenu', () => {
  it('should start a top-level menu shown on both sites, last among the top-level entries', () => {
    expect(newMenu(options, {})).toEqual({
      id: 0,
      grade: 1,
      menu: 0,
      title: '',
      intro: '',
      img: '',
      background: '',
      pcmenu: true,
      pcmenusite: 4,
      movemenu: true,
      movemenusite: 3,
    });
  });

  it('should start a sub-menu under its parent, last among its siblings', () => {
    expect(newMenu(options, { grade: 2, parent: 3 })).toMatchObject({
      grade: 2,
      menu: 3,
      pcmenusite: 2,
      movemenusite: 2,
    });
  });

  it('should give a top-level menu no parent, whatever the opening says', () => {
    expect(newMenu(options, { grade: 1, parent: 3 })).toMatchObject({ grade: 1, menu: 0 });
  });
});

describe('menuPayload', () => {
  it('should send a top-level menu without a parent', () => {
    expect(menuPayload(form({ grade: 1, menu: 3 }), undefined)).toMatchObject({ grade: 1, menu: 0 });
    expect(menuPayload(form({ grade: 2, menu: 3 }), undefined)).toMatchObject({ grade: 2, menu: 3 });
  });

  it('should send empty optional fields as empty text', () => {
    const values = { ...form({}), intro: undefined, img: undefined, background: undefined } as unknown as MenuForm;
    expect(menuPayload(values, undefined)).toMatchObject({ intro: '', img: '', background: '' });
  });

  it("should keep a hidden entry's stored position, or the first one a new entry may take", () => {
    const hidden = { ...form({ pcmenu: false, movemenu: false }), pcmenusite: undefined, movemenusite: undefined };
    const stored = form({ pcmenusite: 5, movemenusite: 6 });
    expect(menuPayload(hidden as unknown as MenuForm, stored)).toMatchObject({ pcmenusite: 5, movemenusite: 6 });
    expect(menuPayload(hidden as unknown as MenuForm, undefined)).toMatchObject({ pcmenusite: 2, movemenusite: 2 });
  });
});
