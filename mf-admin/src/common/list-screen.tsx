import type { ReactNode } from 'react';
import {
  Button,
  Card,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tooltip,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import { EditDialog } from './edit-dialog';
import { optionsOf } from './options';
import { pagination } from './paging';
import { STATUS_FILTER_OPTIONS } from './publishing';
import { useRowTable } from './row-table';
import type { Editor } from './use-editor';
import type { ListScreenState } from './use-list-screen';
import { useMay } from './use-account';

type Named = { id: number; name: string };

export interface ListScreenProps<
  Row extends { id: number },
  Option extends Named,
  Shown extends { id: number },
  Values extends object,
> {
  screen: ListScreenState<Row, Option>;
  /** A select over the answer's `menu` options that filters the list: its label and its "all" entry. */
  filter?: { label: string; all: string };
  /** A select of the items' states (cases and articles: 全部, 已发布, 草稿, 定时). */
  stateFilter?: boolean;
  /** Tools between the filter and the search box. */
  tools?: ReactNode;
  searchPlaceholder: string;
  /** The rows as the table shows them (a tree, say); the answer's rows by default. */
  rows?: (rows: Row[]) => Shown[];
  columns: TableColumnsType<Shown>;
  /** The dataIndex of the column that names a row: its cell heads the row on phones. */
  titleColumn: string;
  /** Width of the table before it scrolls sideways. */
  scrollX: number;
  expandable?: TableProps<Shown>['expandable'];
  actions: {
    width: number;
    /** What a row is called in its buttons' names (编辑<name>, 删除<name>). */
    name?: (row: Shown) => string;
    /** The delete confirmation's question. */
    confirm: (row: Shown) => string;
    /** Why a row cannot be deleted (its delete button is disabled and says so), if it cannot. */
    locked?: (row: Shown) => string | undefined;
    /** Buttons between 编辑 and 删除. */
    extra?: (row: Shown) => ReactNode;
  };
  /** The edit dialog (without one, rows have no 编辑 and the card no 新增); `footer`: its own buttons. */
  editor?: Editor<Values, object> & {
    fields: ReactNode;
    footer?: (close: () => void, saveWith: (patch: Partial<Values>) => Promise<boolean>) => ReactNode;
  };
}

/**
 * An admin list screen: a card with the filter, the tools, the search box and 新增, a paged table whose last column
 * holds the row's buttons (kept in view at the right while the other columns scroll), deleting after a
 * confirmation, and the edit dialog. On phones each row shows as a small card instead: its name, its other fields
 * one per line, its buttons (row-table.tsx). The pagination is hidden while the list fits one page.
 */
export function ListScreen<
  Row extends { id: number },
  Option extends Named,
  Shown extends { id: number } = Row,
  Values extends object = object,
>({
  screen,
  filter,
  stateFilter,
  tools,
  searchPlaceholder,
  rows,
  columns,
  titleColumn,
  scrollX,
  expandable,
  actions,
  editor,
}: ListScreenProps<Row, Option, Shown, Values>) {
  const list = screen.answer?.list;
  const search = (
    <Input.Search placeholder={searchPlaceholder} allowClear onSearch={(value) => screen.searchFor(value)} />
  );
  /** A row button's name: the verb and the row's name, when rows have names. */
  // Deleting needs `edit`: a contributor's list has no 删除 (the refusal would end the session).
  const mayDelete = useMay('edit');
  const named = (verb: string, row: Shown) => (actions.name ? `${verb}${actions.name(row)}` : undefined);
  const table = useRowTable<Shown>({
    columns,
    title: titleColumn,
    scrollX,
    buttons: {
      width: actions.width,
      render: (row) => (
        <Space>
          {editor ? (
            <Button size="small" onClick={() => editor.open({ id: row.id })} aria-label={named('编辑', row)}>
              编辑
            </Button>
          ) : null}
          {actions.extra?.(row)}
          {!mayDelete ? null : actions.locked?.(row) ? (
            <Tooltip title={actions.locked(row)}>
              <Button size="small" danger disabled aria-label={named('删除', row)}>
                删除
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={actions.confirm(row)}
              okText="删除"
              cancelText="取消"
              onConfirm={() => screen.remove(row.id)}
            >
              <Button size="small" danger aria-label={named('删除', row)}>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  });
  return (
    <Card
      title={screen.title}
      extra={
        filter || stateFilter || tools || editor ? (
          <Space wrap>
            {filter ? (
              <Select
                aria-label={filter.label}
                style={{ width: 140 }}
                value={screen.menu}
                onChange={screen.filterBy}
                options={[{ value: 0, label: filter.all }, ...optionsOf(screen.answer?.menu ?? [])]}
              />
            ) : null}
            {stateFilter ? (
              <Select
                aria-label="按状态筛选"
                style={{ width: 120 }}
                value={screen.status}
                onChange={screen.filterByStatus}
                options={STATUS_FILTER_OPTIONS}
              />
            ) : null}
            {tools}
            {search}
            {editor ? (
              <Button type="primary" onClick={() => editor.open({ id: 0 })}>
                新增{editor.noun}
              </Button>
            ) : null}
          </Space>
        ) : (
          search
        )
      }
    >
      <Table<Shown>
        rowKey="id"
        {...table}
        loading={screen.loading}
        // Without `rows`, the answer's rows are shown as they are (Shown is Row).
        dataSource={rows ? rows(list?.data ?? []) : ((list?.data ?? []) as unknown as Shown[])}
        expandable={expandable}
        pagination={pagination(list, screen.setPage)}
      />
      {editor ? (
        <EditDialog<Values> {...editor.dialog} footer={editor.footer}>
          {editor.fields}
        </EditDialog>
      ) : null}
    </Card>
  );
}
