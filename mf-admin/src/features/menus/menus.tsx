import { Button, Tag, type TableColumnsType } from 'antd';
import { isFixedMenu, MenuId, type MenuForm, type MenuGrade } from '@site/shared-types';
import { adminApi } from '../../admin-api';
import { ListScreen } from '../../common/list-screen';
import { useEditor } from '../../common/use-editor';
import { useListScreen } from '../../common/use-list-screen';
import { GRADE_NAMES, MenuFields } from './menu-dialog';
import { menuPayload, newMenu, type MenuOpening } from './menu-form';
import { toRows, useMenuTree, type MenuRow } from './menu-tree';

/** Pages without a sub-menu list: their sub-menus would show nowhere. */
const NO_SUB_MENUS: readonly number[] = [MenuId.Home, MenuId.Cases, MenuId.About];

const COLUMNS: TableColumnsType<MenuRow> = [
  { title: '栏目名称', dataIndex: 'name' },
  { title: '级别', dataIndex: 'grade', width: 100, render: (grade: MenuGrade) => GRADE_NAMES[grade] },
  {
    title: 'PC端',
    width: 110,
    render: (_, row) => (row.pc ? <Tag color="blue">显示 · 第{row.pcsite}位</Tag> : <Tag>隐藏</Tag>),
  },
  {
    title: '移动端',
    width: 110,
    render: (_, row) => (row.move ? <Tag color="green">显示 · 第{row.movesite}位</Tag> : <Tag>隐藏</Tag>),
  },
  { title: '简介', dataIndex: 'intro', ellipsis: true },
];

/**
 * `menu`: the menu tree (a page of top-level menus with their sub-menus), with the edit dialog
 * (docs/behaviour.md#menu-management).
 */
export function MenusScreen() {
  const screen = useListScreen({
    title: '菜单管理',
    useList: adminApi.useMenusQuery,
    useRemove: adminApi.useDeleteMenuMutation,
  });
  const options = screen.answer?.menu ?? [];
  const tree = useMenuTree(screen.answer?.list.data ?? []);
  const editor = useEditor<MenuForm, MenuForm, MenuForm, MenuOpening>(
    { useGet: adminApi.useGetMenuQuery, useAmend: adminApi.useAmendMenuMutation },
    {
      noun: '栏目',
      blank: (opening) => newMenu(options, opening),
      toValues: (stored) => stored,
      toPayload: menuPayload,
    },
  );
  return (
    <ListScreen
      screen={screen}
      tools={tree.toggleAll}
      searchPlaceholder="栏目名称"
      rows={toRows}
      columns={COLUMNS}
      titleColumn="name"
      scrollX={960}
      expandable={tree.expandable}
      actions={{
        width: 220,
        name: (row) => row.name,
        confirm: (row) => `确定删除栏目“${row.name}”吗？删除后可在回收站中恢复（保留 30 天）。`,
        locked: (row) => (isFixedMenu(row.id) ? '系统栏目不能删除，可以设置为隐藏' : undefined),
        extra: (row) =>
          row.grade < 3 && !NO_SUB_MENUS.includes(row.id) ? (
            <Button
              size="small"
              onClick={() => editor.open({ id: 0, grade: (row.grade + 1) as MenuGrade, parent: row.id })}
              aria-label={`给${row.name}添加子栏目`}
            >
              添加子栏目
            </Button>
          ) : null,
      }}
      editor={{ ...editor, fields: <MenuFields options={options} id={editor.opening?.id ?? 0} /> }}
    />
  );
}
