import { useState } from 'react';
import {
  App as AntApp,
  Button,
  Card,
  Empty,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { TRASH_DAYS, TRASH_KINDS, type TrashKind, type TrashRow } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { pageAfterDelete, pagination } from '../../common/paging';
import { useRowTable } from '../../common/row-table';

const KIND_NAMES: Record<TrashKind, string> = { case: '案例', news: '文章', menu: '栏目' };
const KIND_COLOURS: Record<TrashKind, string> = { case: 'blue', news: 'green', menu: 'purple' };

const COLUMNS: TableColumnsType<TrashRow> = [
  {
    title: '类型',
    dataIndex: 'kind',
    width: 80,
    render: (kind: TrashKind) => <Tag color={KIND_COLOURS[kind]}>{KIND_NAMES[kind]}</Tag>,
  },
  { title: '标题', dataIndex: 'title', ellipsis: true },
  { title: '所属', dataIndex: 'place', width: 120, ellipsis: true, render: (place: string) => place || '—' },
  { title: '删除时间', dataIndex: 'deleted_at', width: 160 },
  { title: '删除人', dataIndex: 'deleted_by', width: 220, ellipsis: true, render: (by: string) => by || '—' },
  {
    title: '自动清除',
    dataIndex: 'days_left',
    width: 110,
    render: (days: number) =>
      days <= 1 ? <Tag color="red">{days === 0 ? '即将清除' : '1 天后'}</Tag> : `${days} 天后`,
  },
];

/**
 * `trash`: the recycle bin (docs/behaviour.md#recycle-bin). Deleted cases, articles and menus, most recently deleted
 * first, filtered by kind and searched by title; each can be restored (unless what it is filed under is in the bin
 * too, which its button says) or deleted for good, and the bin can be emptied, both after a confirmation.
 */
export function TrashScreen() {
  usePageTitle('回收站');
  const { message } = AntApp.useApp();
  const [kind, setKind] = useState<TrashKind | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = adminApi.useTrashQuery({
    page,
    kind: kind || undefined,
    search: search || undefined,
  });
  const [restore] = adminApi.useRestoreTrashMutation();
  const [purge] = adminApi.usePurgeTrashMutation();
  const [empty, { isLoading: emptying }] = adminApi.useEmptyTrashMutation();
  const list = data?.list;
  const total = (data?.menu ?? []).reduce((sum, entry) => sum + entry.count, 0);

  /** Runs an action on a row; the row leaves this page, so the last one of a page leads to the previous page. */
  const act = async (row: TrashRow, send: typeof restore | typeof purge, done: string) => {
    try {
      await send({ kind: row.kind, id: row.id }).unwrap();
    } catch {
      return; // refused: the server's msg is shown
    }
    void message.success(done);
    if (list) setPage(pageAfterDelete(page, list.data.length));
  };

  const table = useRowTable<TrashRow>({
    columns: COLUMNS,
    title: 'title',
    scrollX: 1030,
    buttons: {
      width: 190,
      render: (row) => (
        <Space>
          {row.blocked ? (
            <Tooltip title={row.blocked}>
              <Button size="small" disabled aria-label={`恢复${row.title}`}>
                恢复
              </Button>
            </Tooltip>
          ) : (
            <Button
              size="small"
              type="primary"
              ghost
              aria-label={`恢复${row.title}`}
              onClick={() => void act(row, restore, '恢复成功')}
            >
              恢复
            </Button>
          )}
          <Popconfirm
            title={`确定彻底删除${KIND_NAMES[row.kind]}“${row.title}”吗？`}
            description={
              row.kind === 'menu'
                ? '其下已在回收站中的子栏目和案例也会一并彻底删除，不能恢复。'
                : '彻底删除后不能恢复。'
            }
            okText="彻底删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => act(row, purge, '已彻底删除')}
          >
            <Button size="small" danger aria-label={`彻底删除${row.title}`}>
              彻底删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  });

  const emptyAll = async () => {
    try {
      const answer = await empty().unwrap();
      void message.success(`回收站已清空（${answer.count} 项）`);
      setPage(1);
    } catch {
      // refused: the server's msg is shown
    }
  };

  return (
    <Card
      title="回收站"
      extra={
        <Space wrap>
          <Select
            aria-label="按类型筛选"
            style={{ width: 140 }}
            value={kind}
            onChange={(value) => (setKind(value), setPage(1))}
            options={[
              { value: '', label: `全部类型（${total}）` },
              ...TRASH_KINDS.map((entry) => ({
                value: entry.kind,
                label: `${entry.name}（${data?.menu.find((m) => m.kind === entry.kind)?.count ?? 0}）`,
              })),
            ]}
          />
          <Input.Search placeholder="标题" allowClear onSearch={(value) => (setSearch(value.trim()), setPage(1))} />
          <Popconfirm
            title="确定清空回收站吗？"
            description={`回收站中的 ${total} 项将被彻底删除，不能恢复。`}
            okText="清空"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={emptyAll}
            disabled={total === 0}
          >
            <Button danger disabled={total === 0} loading={emptying}>
              清空回收站
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <p>删除的案例、文章和栏目会在回收站保留 {TRASH_DAYS} 天，之后自动彻底删除；恢复后前台页面立即重新显示。</p>
      <Table<TrashRow>
        rowKey={(row) => `${row.kind}-${row.id}`}
        {...table}
        loading={isFetching}
        dataSource={list?.data ?? []}
        pagination={pagination(list, setPage)}
        // antd's own empty state, in the theme's description colour: a bare string would take the disabled
        // colour, under 4.5:1.
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="回收站是空的" /> }}
      />
    </Card>
  );
}
