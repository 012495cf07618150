import { useState, type ReactNode } from 'react';
import {
  AutoComplete,
  Button,
  Card,
  Empty,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { AuditListRequest, AuditRow, RevisionKind } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { RevisionsDialog } from '../../common/revisions-dialog';
import { useRowTable } from '../../common/row-table';
import styles from './audit.module.css';
import { ExportAudit } from './export-audit';

/** What a record can be about, by the audit trail's item kinds: the filter's suggestions and the table's words. */
const KIND_NAMES: Readonly<Record<string, string>> = {
  case: '案例',
  news: '文章',
  menu: '栏目',
  header: '页头',
  footer: '页脚',
  home: '首页',
  about: '关于我们',
  contact: '联系方式',
  keyword: '关键词',
  media: '图片',
  lead: '留言',
  account: '账号',
  release: '版本',
};

/** The kinds whose revisions the 历史版本 dialog shows. */
const REVISION_KINDS: readonly string[] = ['case', 'news', 'header', 'footer', 'home', 'about', 'contact'];

const kindName = (kind: string) => KIND_NAMES[kind] ?? kind;

interface Filters {
  actor?: number;
  action?: string;
  item_kind?: string;
  item_id?: number;
  from?: string;
  to?: string;
}

/** The filters as sent: empty ones left out. */
function request(filters: Filters, page: number): AuditListRequest {
  return Object.fromEntries(
    Object.entries({ ...filters, page }).filter(([, value]) => value !== undefined && value !== '' && value !== null),
  );
}

/**
 * `audit` 操作日志 (docs/behaviour.md#audit-trail): who did what, when and from where, newest first, a page at a
 * time (上一页 / 下一页: the server says whether older records exist). Filtered by person, operation, item and date
 * range; 导出 CSV saves what the filters find. A record of a write that made a revision links to that item's
 * 历史版本.
 */
export function AuditScreen() {
  usePageTitle('操作日志');
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [revisions, setRevisions] = useState<{ kind: RevisionKind; id?: number; name: string } | null>(null);
  const { data, isFetching } = adminApi.useAuditLogQuery(request(filters, page));

  const columns: TableColumnsType<AuditRow> = [
    { title: '时间', dataIndex: 'at', width: 170 },
    { title: '人员', dataIndex: 'actor', width: 220, ellipsis: true },
    { title: '地址', dataIndex: 'ip', width: 140, ellipsis: true },
    { title: '操作', dataIndex: 'action_name', width: 140 },
    {
      title: '内容',
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, row) =>
        row.item_kind
          ? `${kindName(row.item_kind)}${row.item_id ? ` #${row.item_id}` : ''}${title ? `：${title}` : ''}`
          : title,
    },
    {
      title: '版本',
      dataIndex: 'revision',
      width: 100,
      render: (revision: number | null, row) =>
        revision === null ? null : REVISION_KINDS.includes(row.item_kind) ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-label={`查看${row.title || kindName(row.item_kind)}的第 ${revision} 版`}
            onClick={() =>
              setRevisions({
                kind: row.item_kind as RevisionKind,
                id: row.item_id ?? undefined,
                name: row.title || kindName(row.item_kind),
              })
            }
          >
            第 {revision} 版
          </Button>
        ) : (
          `第 ${revision} 版`
        ),
    },
  ];
  const table = useRowTable<AuditRow>({ columns, title: 'action_name', scrollX: 1060 });

  const apply = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };
  const field = (label: string, id: string, control: ReactNode) => (
    <div className={styles.filter}>
      <label htmlFor={id}>{label}</label>
      {control}
    </div>
  );

  return (
    <Card title="操作日志" extra={<ExportAudit filter={request(filters, 1)} />}>
      <Typography.Paragraph type="secondary">
        记录每个账号的登录和每一次修改，不能修改或删除；至少保留 180 天。
      </Typography.Paragraph>
      <form
        className={styles.filters}
        aria-label="筛选"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        {field(
          '人员',
          'audit-actor',
          <Select
            id="audit-actor"
            allowClear
            placeholder="全部人员"
            style={{ width: 160 }}
            value={draft.actor}
            onChange={(actor?: number) => setDraft({ ...draft, actor })}
            options={(data?.actors ?? []).map((actor) => ({ value: actor.id, label: actor.label }))}
          />,
        )}
        {field(
          '操作',
          'audit-action',
          <Select
            id="audit-action"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部操作"
            style={{ width: 170 }}
            value={draft.action}
            onChange={(action?: string) => setDraft({ ...draft, action })}
            options={data?.actions ?? []}
          />,
        )}
        {field(
          '内容类型',
          'audit-kind',
          <AutoComplete
            id="audit-kind"
            allowClear
            placeholder="全部"
            style={{ width: 130 }}
            value={draft.item_kind}
            onChange={(kind?: string) => setDraft({ ...draft, item_kind: kind || undefined })}
            options={Object.entries(KIND_NAMES).map(([value, label]) => ({ value, label: `${label}（${value}）` }))}
          />,
        )}
        {field(
          '内容编号',
          'audit-item',
          <InputNumber
            id="audit-item"
            min={1}
            precision={0}
            placeholder="编号"
            style={{ width: 100 }}
            value={draft.item_id ?? null}
            onChange={(id) => setDraft({ ...draft, item_id: id ?? undefined })}
          />,
        )}
        {field(
          '开始日期',
          'audit-from',
          <Input
            id="audit-from"
            type="date"
            style={{ width: 150 }}
            value={draft.from ?? ''}
            onChange={(event) => setDraft({ ...draft, from: event.target.value || undefined })}
          />,
        )}
        {field(
          '结束日期',
          'audit-to',
          <Input
            id="audit-to"
            type="date"
            style={{ width: 150 }}
            value={draft.to ?? ''}
            onChange={(event) => setDraft({ ...draft, to: event.target.value || undefined })}
          />,
        )}
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              apply({});
            }}
          >
            重置
          </Button>
        </Space>
      </form>
      <Table<AuditRow>
        rowKey="id"
        size="small"
        {...table}
        loading={isFetching}
        dataSource={data?.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的记录" /> }}
      />
      <nav className={styles.pager} aria-label="翻页">
        <Typography.Text type="secondary">第 {page} 页</Typography.Text>
        <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
          上一页
        </Button>
        <Button disabled={!data?.more} onClick={() => setPage(page + 1)}>
          下一页
        </Button>
      </nav>
      <RevisionsDialog
        item={revisions ? { kind: revisions.kind, id: revisions.id } : null}
        name={revisions?.name ?? ''}
        onClose={() => setRevisions(null)}
      />
    </Card>
  );
}
