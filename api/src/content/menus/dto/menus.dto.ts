import type { AdminListRequest, MenuForm, MenuGrade } from '@site/shared-types';
import {
  BoolField,
  IdField,
  ImageUrlField,
  IntField,
  OneOfField,
  PageField,
  TextField,
} from '../../../core/validation.js';

export class MenuListDto implements AdminListRequest {
  /** A top-level menu whose subtree is listed; 0 or absent: all. */
  @IntField(0, 2_147_483_647, { optional: true, description: 'top-level menu to list; 0: all' })
  menu?: number;

  @PageField()
  page?: number;

  @TextField(50, { optional: true })
  search?: string;
}

export class GetMenuDto {
  @IdField()
  menuid: number;
}

export class MenuFormDto implements MenuForm {
  /** 0 creates a menu. */
  @IntField(0, 2_147_483_647, { description: '0 creates a menu' })
  id: number;

  @OneOfField([1, 2, 3])
  grade: MenuGrade;

  /** Parent menu: 0 for grade 1, a grade-1 menu for grade 2, a grade-2 menu for grade 3. */
  @IntField(0, 2_147_483_647, { description: 'parent menu id; 0 for grade 1' })
  menu: number;

  @TextField(50, { min: 1, label: '栏目名称' })
  title: string;

  @TextField(500, { optional: true })
  intro: string = '';

  @ImageUrlField({ optional: true, allowEmpty: true })
  img: string = '';

  @ImageUrlField({ optional: true, allowEmpty: true })
  background: string = '';

  @BoolField()
  pcmenu: boolean;

  @IntField(0, 999)
  pcmenusite: number;

  @BoolField()
  movemenu: boolean;

  @IntField(0, 999)
  movemenusite: number;
}
