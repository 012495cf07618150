import { useState, type Key } from 'react';
import {
  App as AntApp,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import {
  ADMIN_LIMITS,
  isFixedMenu,
  MenuId,
  menuPositionRange,
  type MenuForm,
  type MenuGrade,
  type MenuNode,
  type MenuOption,
} from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import formLayout from '../../common/form-layout.module.css';
import { usePagedList } from '../../common/paging';
import { EditDialog } from '../../common/edit-dialog';
import { useFillOnOpen } from '../../common/fill-on-open';
import { ImageField } from '../../common/image-field';

/** Pages without a sub-menu list: their sub-menus would show nowhere. */
const NO_SUB_MENUS: readonly number[] = [MenuId.Home, MenuId.Cases, MenuId.About];

const GRADE_NAMES: Record<MenuGrade, string> = { 1: '一级栏目', 2: '二级栏目', 3: '三级栏目' };

/** A table row: a menu without the empty `children` that would draw an expand button. */
type MenuRow = Omit<MenuNode, 'children'> & { children?: MenuRow[] };
const toRows = (nodes: readonly MenuNode[]): MenuRow[] =>
  nodes.map((node) => ({ ...node, children: node.children.length ? toRows(node.children) : undefined }));

/** Who the dialog edits: an existing menu, or a new one (id 0) possibly under a given parent. */
type Editing = { id: number; grade?: MenuGrade; parent?: number } | null;

function PositionField({ site, options, id }: { site: 'pc' | 'move'; options: readonly MenuOption[]; id: number }) {
  const form = Form.useFormInstance<MenuForm>();
  const shown = Form.useWatch(site === 'pc' ? 'pcmenu' : 'movemenu', form);
  const grade = Form.useWatch('grade', form);
  const parent = Form.useWatch('menu', form);
  const label = site === 'pc' ? 'PC端' : '移动端';
  const home = id === MenuId.Home;
  const range = menuPositionRange(options, { id, parent: grade === 1 ? null : (parent ?? null) }, site);
  return (
    <Space align="start" size="large">
      <Form.Item label={`${label}显示`} name={site === 'pc' ? 'pcmenu' : 'movemenu'} valuePropName="checked">
        <Switch checkedChildren="显示" unCheckedChildren="隐藏" aria-label={`${label}显示`} />
      </Form.Item>
      <Form.Item
        label={`${label}位置`}
        name={site === 'pc' ? 'pcmenusite' : 'movemenusite'}
        extra={home ? '首页固定排在第一位' : shown ? `可选 ${range.min} – ${range.max}` : '隐藏时位置不生效'}
        rules={
          home || !shown
            ? []
            : [
                { required: true, message: `请填写${label}位置` },
                {
                  type: 'number',
                  min: range.min,
                  max: range.max,
                  message: `${label}位置必须在 ${range.min} 到 ${range.max} 之间`,
                },
              ]
        }
      >
        <InputNumber
          min={home ? 1 : range.min}
          max={home ? 1 : range.max}
          precision={0}
          disabled={home || !shown}
          aria-label={`${label}位置`}
        />
      </Form.Item>
    </Space>
  );
}

function ParentField({ options, id }: { options: readonly MenuOption[]; id: number }) {
  const grade = Form.useWatch<MenuGrade | undefined>('grade');
  // Spec §5: the parent menu is asked for only for grade 2 or 3.
  if (grade !== 2 && grade !== 3) return null;
  const parents = options.filter((option) => option.grade === grade - 1 && option.id !== id);
  return (
    <Form.Item
      label="上级栏目"
      name="menu"
      rules={[{ required: true, type: 'number', min: 1, message: '请选择上级栏目' }]}
    >
      <Select
        style={{ width: 240 }}
        placeholder="请选择上级栏目"
        options={parents.map((option) => ({ value: option.id, label: option.name }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </Form.Item>
  );
}

/** `menu`: the menu tree (a page of top-level menus with their sub-menus), with the edit dialog (spec §3, §5). */
export function MenusScreen() {
  usePageTitle('菜单管理');
  const { message } = AntApp.useApp();
  const [search, setSearch] = useState('');
  const { page, setPage, afterDelete } = usePagedList();
  const { data, isFetching } = adminApi.useMenusQuery({ page, search: search || undefined });
  const [remove] = adminApi.useDeleteMenuMutation();
  const [amend, { isLoading: saving }] = adminApi.useAmendMenuMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const [form] = Form.useForm<MenuForm>();
  const current = adminApi.useGetMenuQuery(editing?.id ?? 0, {
    skip: !editing?.id,
    refetchOnMountOrArgChange: true,
  });
  const list = data?.list;
  const options = data?.menu ?? [];
  const keysWithChildren = (nodes: readonly MenuNode[]): number[] =>
    nodes.flatMap((node) => (node.children.length ? [node.id, ...keysWithChildren(node.children)] : []));
  // `sebshow` is the server's expand flag; the administrator's own choice wins once made.
  const expandedKeys =
    expanded ??
    (list?.data ?? []).flatMap(function open(node): number[] {
      return [...(node.sebshow ? [node.id] : []), ...node.children.flatMap(open)];
    });

  /** What the dialog opens with: a new menu's defaults, or the stored menu once it has arrived fresh. */
  const opened = (): MenuForm | undefined => {
    if (!editing) return undefined;
    if (editing.id !== 0) return current.isFetching ? undefined : current.currentData;
    const grade = editing.grade ?? 1;
    const parent = grade === 1 ? null : (editing.parent ?? null);
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
  };
  useFillOnOpen(form, editing, opened());

  const save = async (values: MenuForm) => {
    // A hidden entry keeps the position it had (the field is disabled and may be empty).
    const fallback = ADMIN_LIMITS.menuPositionMin;
    try {
      await amend({
        ...values,
        id: editing?.id ?? 0,
        menu: values.grade === 1 ? 0 : values.menu,
        intro: values.intro ?? '',
        img: values.img ?? '',
        background: values.background ?? '',
        pcmenusite: values.pcmenusite ?? current.data?.pcmenusite ?? fallback,
        movemenusite: values.movemenusite ?? current.data?.movemenusite ?? fallback,
      }).unwrap();
      void message.success('保存成功');
      return true;
    } catch {
      return false;
    }
  };

  return (
    <Card
      title="菜单管理"
      extra={
        <Space wrap>
          <Button onClick={() => setExpanded(expandedKeys.length ? [] : keysWithChildren(list?.data ?? []))}>
            {expandedKeys.length ? '全部收起' : '全部展开'}
          </Button>
          <Input.Search placeholder="栏目名称" allowClear onSearch={(value) => (setSearch(value.trim()), setPage(1))} />
          <Button type="primary" onClick={() => setEditing({ id: 0, grade: 1 })}>
            新增栏目
          </Button>
        </Space>
      }
    >
      <Table<MenuRow>
        rowKey="id"
        scroll={{ x: 960 }}
        loading={isFetching}
        dataSource={toRows(list?.data ?? [])}
        expandable={{
          expandedRowKeys: expandedKeys,
          onExpandedRowsChange: (keys) => setExpanded(keys),
          childrenColumnName: 'children',
        }}
        pagination={
          list && list.last_page > 1
            ? {
                current: list.current_page,
                pageSize: list.per_page,
                total: list.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
        columns={[
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
          {
            title: '操作',
            width: 220,
            // Stays in view while the other columns scroll (phones).
            fixed: 'right',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ id: row.id })} aria-label={`编辑${row.name}`}>
                  编辑
                </Button>
                {row.grade < 3 && !NO_SUB_MENUS.includes(row.id) ? (
                  <Button
                    size="small"
                    onClick={() => setEditing({ id: 0, grade: (row.grade + 1) as MenuGrade, parent: row.id })}
                    aria-label={`给${row.name}添加子栏目`}
                  >
                    添加子栏目
                  </Button>
                ) : null}
                {isFixedMenu(row.id) ? (
                  <Tooltip title="系统栏目不能删除，可以设置为隐藏">
                    <Button size="small" danger disabled aria-label={`删除${row.name}`}>
                      删除
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    title={`确定删除栏目“${row.name}”吗？`}
                    okText="删除"
                    cancelText="取消"
                    onConfirm={async () => {
                      try {
                        await remove({ id: row.id }).unwrap();
                      } catch {
                        return; // refused (children, cases): the server's msg is shown
                      }
                      void message.success('删除成功');
                      if (row.grade === 1) afterDelete(list?.data.length ?? 0);
                    }}
                  >
                    <Button size="small" danger aria-label={`删除${row.name}`}>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <EditDialog<MenuForm>
        title={editing?.id ? '编辑栏目' : '新增栏目'}
        open={editing !== null}
        form={form}
        loading={Boolean(editing?.id) && current.isFetching}
        saving={saving}
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item label="栏目级别" name="grade" rules={[{ required: true }]}>
          <Radio.Group
            disabled={Boolean(editing?.id && isFixedMenu(editing.id))}
            options={([1, 2, 3] as const).map((grade) => ({ value: grade, label: GRADE_NAMES[grade] }))}
            optionType="button"
          />
        </Form.Item>
        <ParentField options={options} id={editing?.id ?? 0} />
        <Form.Item
          label="栏目名称"
          name="title"
          rules={[{ required: true, whitespace: true, message: '请填写栏目名称' }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label="栏目简介" name="intro">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
        </Form.Item>
        <div className={formLayout.row}>
          <PositionField site="pc" options={options} id={editing?.id ?? 0} />
          <PositionField site="move" options={options} id={editing?.id ?? 0} />
        </div>
        <Form.Item label="栏目图标" name="img">
          <ImageField label="栏目图标" />
        </Form.Item>
        <Form.Item label="栏目横幅" name="background">
          <ImageField label="栏目横幅" />
        </Form.Item>
      </EditDialog>
    </Card>
  );
}
