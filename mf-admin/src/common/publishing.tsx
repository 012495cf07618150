import { useState } from 'react';
import {
  App as AntApp,
  Button,
  Form,
  Input,
  Modal,
  Space,
  Tag,
  Typography,
  type FormInstance,
  type TableColumnType,
} from 'antd';
import {
  beijingIso,
  ITEM_STATUS_NAMES,
  parseIsoWithOffset,
  REVIEW_STATE_NAMES,
  type ItemStatus,
  type Publishing,
  type PreviewLinks,
  type ReviewState,
} from '@site/shared-types';
import { adminApi } from '../admin-api';
import type { Editor } from './use-editor';

/**
 * Drafts and scheduled publishing in the case and article screens (docs/behaviour.md#drafts-and-scheduled-publishing):
 * the state column and filter of their lists, and the buttons of their edit dialogs.
 */

const COLORS: Record<ItemStatus, string> = { published: 'green', draft: 'default', scheduled: 'blue' };

/** `2026-12-01 09:00`: a `publish_at` as the screens show it (Beijing time, as sent). */
export function shownTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

export function StatusTag({ status, publishAt }: { status: ItemStatus; publishAt: string | null }) {
  return (
    <Tag color={COLORS[status]}>
      {ITEM_STATUS_NAMES[status]}
      {status === 'scheduled' && publishAt ? ` ${shownTime(publishAt)}` : ''}
    </Tag>
  );
}

const REVIEW_COLORS: Record<ReviewState, string> = { pending: 'gold', returned: 'red' };

/** 待审核 or 已退回 beside an item's state (docs/behaviour.md#review-before-publishing); nothing otherwise. */
export function ReviewTag({ review }: { review: ReviewState | null | undefined }) {
  return review ? <Tag color={REVIEW_COLORS[review]}>{REVIEW_STATE_NAMES[review]}</Tag> : null;
}

/** The lists' state column: the state, a scheduled item's time, and where it stands in review. */
export function statusColumn<Row extends Publishing & { review?: ReviewState | null }>(): TableColumnType<Row> {
  return {
    title: '状态',
    dataIndex: 'status',
    width: 170,
    render: (status: ItemStatus, row) => (
      <Space size={4} wrap>
        <StatusTag status={status} publishAt={row.publish_at} />
        <ReviewTag review={row.review} />
      </Space>
    ),
  };
}

/** The lists' state filter: 全部, then each state. */
export const STATUS_FILTER_OPTIONS = [
  { value: '', label: '全部状态' },
  ...(['published', 'draft', 'scheduled'] as const).map((status) => ({
    value: status,
    label: ITEM_STATUS_NAMES[status],
  })),
];

/** What an empty hidden field shows for `null`. */
const orBlank = (value: string | null | undefined) => ({ value: value ?? '' });

/**
 * The hidden fields that carry the state through the form, and the review's (read only: a save ignores them) for the
 * dialog's notice and buttons.
 */
export function PublishingFields() {
  return (
    <>
      <Form.Item name="status" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="publish_at" hidden getValueProps={orBlank}>
        <Input />
      </Form.Item>
      <Form.Item name="review" hidden getValueProps={orBlank}>
        <Input />
      </Form.Item>
      <Form.Item name="review_comment" hidden getValueProps={orBlank}>
        <Input />
      </Form.Item>
    </>
  );
}

/** The edit dialog's footer of a case or article editor: {@link PublishingActions} on its form. */
export function publishingFooter<T extends Publishing>(editor: Editor<T>, kind: 'case' | 'news') {
  return (close: () => void, saveWith: (patch: Partial<T>) => Promise<boolean>) => (
    <PublishingActions
      form={editor.dialog.form}
      saving={editor.dialog.saving}
      loading={editor.dialog.loading}
      onCancel={close}
      saveWith={saveWith}
      preview={{ kind, id: editor.opening?.id ?? 0 }}
    />
  );
}

/**
 * 预览: the item's desktop and mobile pages as last saved, through addresses signed for an hour
 * (docs/behaviour.md#preview), each opened in a new tab.
 */
export function PreviewButton({ kind, id, disabled }: { kind: 'case' | 'news'; id: number; disabled: boolean }) {
  const [ask, { isLoading }] = adminApi.usePreviewMutation();
  const [links, setLinks] = useState<PreviewLinks | null>(null);
  const open = async () => {
    try {
      setLinks(await ask({ kind, id }).unwrap());
    } catch {
      // Refused: the server's message is shown.
    }
  };
  return (
    <>
      <Button onClick={() => void open()} loading={isLoading} disabled={disabled}>
        预览
      </Button>
      <Modal title="预览" open={links !== null} footer={null} onCancel={() => setLinks(null)} destroyOnHidden>
        {links ? (
          <Space direction="vertical">
            <Typography.Text type="secondary">
              预览显示已保存的内容；链接无需登录即可打开，{shownTime(links.expires_at)} 前有效，发布或删除后失效。
            </Typography.Text>
            <Space>
              <Button type="primary" href={links.desktop} target="_blank" rel="noopener">
                电脑版预览
              </Button>
              <Button href={links.mobile} target="_blank" rel="noopener">
                手机版预览
              </Button>
            </Space>
          </Space>
        ) : null}
      </Modal>
    </>
  );
}

/** Now, in Beijing time, as a `datetime-local` value (`yyyy-MM-ddTHH:mm`). */
const beijingNow = () => beijingIso(new Date()).slice(0, 16);

/**
 * The time a publishing picker holds, or why it cannot be used. The picker gives minutes (`yyyy-MM-ddTHH:mm`), or
 * seconds when a value with them was put in; it is Beijing time.
 */
export function pickedTime(picked: string): Date | string {
  const at = picked ? parseIsoWithOffset(`${picked.length === 16 ? `${picked}:00` : picked}+08:00`) : null;
  if (!at) return '请选择发布时间';
  if (at.getTime() <= Date.now()) return '定时发布的时间必须晚于现在';
  return at;
}

/** The publishing time's field (Beijing time), with what is wrong with it, if anything. */
export function ScheduleInput({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string;
  onChange: (value: string) => void;
}) {
  return (
    <Form.Item
      label="发布时间（北京时间）"
      validateStatus={error ? 'error' : undefined}
      help={error || '到时自动发布，之前访客看不到'}
    >
      <Input
        type="datetime-local"
        aria-label="发布时间"
        min={beijingNow()}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Item>
  );
}

/**
 * The edit dialog's buttons for a case or an article: 保存草稿, 定时发布 and 发布 while it is not public (a scheduled
 * one shows its time); 撤回 and 保存 once it is published. Each sets the state, then saves the form.
 */
export function PublishingActions<T extends Publishing>({
  form,
  saving,
  loading,
  onCancel,
  saveWith,
  preview,
}: {
  form: FormInstance<T>;
  saving: boolean;
  loading: boolean;
  onCancel: () => void;
  /** Saves with the state set first (the dialog's own save; the state goes back if it is refused). */
  saveWith: (patch: Partial<T>) => Promise<boolean>;
  /** The item a 预览 shows (id 0: a new one, which has nothing saved to show yet). */
  preview: { kind: 'case' | 'news'; id: number };
}) {
  const { modal } = AntApp.useApp();
  const status = (Form.useWatch('status', form as FormInstance) as ItemStatus | undefined) ?? 'draft';
  const publishAt = Form.useWatch('publish_at', form as FormInstance) as string | null | undefined;
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState('');
  const [pickError, setPickError] = useState('');
  const busy = saving || loading;

  const saveAs = (next: ItemStatus, at: string | null = null) =>
    void saveWith({ status: next, publish_at: at } as Partial<T>);
  const openPicker = () => {
    setPicked(status === 'scheduled' && publishAt ? publishAt.slice(0, 16) : '');
    setPickError('');
    setPicking(true);
  };
  const schedule = () => {
    const at = pickedTime(picked);
    if (typeof at === 'string') return setPickError(at);
    setPicking(false);
    saveAs('scheduled', beijingIso(at));
  };
  const withdraw = () =>
    modal.confirm({
      title: '确定撤回吗？撤回后访客将看不到它，可再次发布。',
      okText: '撤回',
      cancelText: '取消',
      onOk: () => saveAs('draft'),
    });

  return (
    <>
      <Space wrap style={{ justifyContent: 'flex-end' }}>
        {status === 'scheduled' && publishAt ? <StatusTag status={status} publishAt={publishAt} /> : null}
        <Button onClick={onCancel}>取消</Button>
        {status === 'published' ? (
          <>
            <Button onClick={withdraw} disabled={busy}>
              撤回
            </Button>
            <Button type="primary" loading={saving} disabled={loading} onClick={() => saveAs('published')}>
              保存
            </Button>
          </>
        ) : (
          <>
            {preview.id > 0 ? <PreviewButton kind={preview.kind} id={preview.id} disabled={busy} /> : null}
            <Button onClick={() => saveAs('draft')} disabled={busy}>
              保存草稿
            </Button>
            <Button onClick={openPicker} disabled={busy}>
              定时发布
            </Button>
            <Button type="primary" loading={saving} disabled={loading} onClick={() => saveAs('published')}>
              发布
            </Button>
          </>
        )}
      </Space>
      <Modal
        title="定时发布"
        open={picking}
        okText="确定"
        cancelText="取消"
        onOk={schedule}
        onCancel={() => setPicking(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <ScheduleInput
            value={picked}
            error={pickError}
            onChange={(value) => {
              setPicked(value);
              setPickError('');
            }}
          />
        </Form>
      </Modal>
    </>
  );
}
