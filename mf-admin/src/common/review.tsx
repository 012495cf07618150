import { useState } from 'react';
import {
  App as AntApp,
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Table,
  Tag,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import {
  beijingIso,
  type ItemStatus,
  type Publishing,
  type ReviewKind,
  type ReviewRow,
  type ReviewState,
} from '@site/shared-types';
import { adminApi } from '../admin-api';
import { PreviewButton, pickedTime, ReviewTag, ScheduleInput, StatusTag } from './publishing';
import { reviewApi } from './review-api';
import { useRowTable } from './row-table';
import { useAccount, useMay } from './use-account';
import type { Editor } from './use-editor';
import styles from './review.module.css';

/**
 * Review before publishing in the case and article screens (docs/behaviour.md#review-before-publishing): the state
 * of an item under review, the editor's comment on a returned one, and the editors' 待审核 list with its dialog
 * (preview, 通过 now or at a time, 退回 with a comment).
 */

const KIND_NAMES: Record<ReviewKind, string> = { case: '案例', news: '文章' };
/** Whether the signed-in account writes only (a contributor): its saves are drafts, which an editor publishes. */
export function useContributor(): boolean {
  const { account } = useAccount();
  const edits = useMay('edit');
  return Boolean(account) && !edits;
}

/**
 * At the top of a case's or article's edit form, from its review fields: on a returned item the editor's comment,
 * until it is submitted again; on one waiting for review, that it waits (a contributor's save takes it back).
 */
export function ReviewNotice() {
  const form = Form.useFormInstance();
  const review = Form.useWatch('review', form) as ReviewState | null | undefined;
  const comment = (Form.useWatch('review_comment', form) as string | undefined) ?? '';
  const status = (Form.useWatch('status', form) as ItemStatus | undefined) ?? 'draft';
  const contributor = useContributor();
  if (review === 'returned') {
    return (
      <Alert
        type="error"
        showIcon
        className={styles.notice}
        title={contributor ? '编辑退回了这份稿件，请按意见修改后再次提交审核' : '这份稿件已退回撰稿人修改'}
        description={<span className={styles.comment}>退回意见：{comment || '（未填写）'}</span>}
      />
    );
  }
  if (review === 'pending') {
    return (
      <Alert
        type="info"
        showIcon
        className={styles.notice}
        title={
          !contributor
            ? '撰稿人已提交审核：可在列表上方的「待审核」中预览、通过或退回。'
            : status === 'draft'
              ? '已提交审核，等待编辑处理。现在保存会撤回这次提交，保存后需要再次提交审核。'
              : '修改已提交审核，等待编辑处理；通过前线上内容保持不变。'
        }
      />
    );
  }
  return null;
}

/**
 * A contributor's edit dialog buttons (docs/behaviour.md#review-before-publishing). On a draft: 保存草稿, and on a
 * saved one 提交审核, which saves the form as a draft first (the dialog closes), then sends that version for review.
 * On their item an editor published or scheduled: 提交修改, a save the server keeps as a change waiting for review
 * (the item stays as it is until an editor approves).
 */
function DraftActions({
  kind,
  id,
  form,
  saving,
  loading,
  onCancel,
  saveWith,
}: {
  kind: ReviewKind;
  id: number;
  form: FormInstance;
  saving: boolean;
  loading: boolean;
  onCancel: () => void;
  saveWith: (patch: Partial<Publishing>) => Promise<boolean>;
}) {
  const { message } = AntApp.useApp();
  const status = (Form.useWatch('status', form) as ItemStatus | undefined) ?? 'draft';
  const publishAt = Form.useWatch('publish_at', form) as string | null | undefined;
  const review = Form.useWatch('review', form) as ReviewState | null | undefined;
  const [submit, { isLoading: submitting }] = reviewApi.useSubmitReviewMutation();
  const busy = saving || loading || submitting;
  const saveDraft = () => saveWith({ status: 'draft', publish_at: null });
  const send = async () => {
    if (!(await saveDraft())) return;
    try {
      await submit({ kind, id }).unwrap();
      void message.success('已提交审核，编辑审核通过后发布');
    } catch {
      // Refused: the server's message is shown.
    }
  };
  const propose = async () => {
    if (await saveWith({})) void message.success('修改已提交审核，通过前线上内容保持不变');
  };
  return (
    <Space wrap style={{ justifyContent: 'flex-end' }}>
      <StatusTag status={status} publishAt={publishAt ?? null} />
      <ReviewTag review={review} />
      <Button onClick={onCancel}>取消</Button>
      {status === 'draft' ? (
        <>
          {id > 0 ? <PreviewButton kind={kind} id={id} disabled={busy} /> : null}
          <Button onClick={() => void saveDraft()} disabled={busy}>
            保存草稿
          </Button>
          {id > 0 && review !== 'pending' ? (
            <Button type="primary" onClick={() => void send()} disabled={busy} loading={submitting}>
              提交审核
            </Button>
          ) : null}
        </>
      ) : (
        <Button type="primary" onClick={() => void propose()} disabled={busy} loading={saving}>
          提交修改
        </Button>
      )}
    </Space>
  );
}

/** The edit dialog's footer for a contributor: {@link DraftActions} on the editor's form. */
export function draftFooter<T extends Publishing>(editor: Editor<T>, kind: ReviewKind) {
  return (close: () => void, saveWith: (patch: Partial<T>) => Promise<boolean>) => (
    <DraftActions
      kind={kind}
      id={editor.opening?.id ?? 0}
      form={editor.dialog.form as FormInstance}
      saving={editor.dialog.saving}
      loading={editor.dialog.loading}
      onCancel={close}
      saveWith={(patch) => saveWith(patch as Partial<T>)}
    />
  );
}

/** 退回: a comment for the writer is required. */
function ReturnDialog({ row, onClose, onDone }: { row: ReviewRow | null; onClose: () => void; onDone: () => void }) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ comment: string }>();
  const [send, { isLoading }] = reviewApi.useReturnReviewMutation();
  const finish = async ({ comment }: { comment: string }) => {
    if (!row) return;
    try {
      await send({ kind: row.kind, id: row.id, comment: comment.trim() }).unwrap();
      void message.success('已退回，撰稿人会看到你的意见');
      onDone();
    } catch {
      // Refused: the server's message is shown.
    }
  };
  return (
    <Modal
      title="退回修改"
      open={row !== null}
      okText="退回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(values) => void finish(values)}>
        <Form.Item
          label="退回意见"
          name="comment"
          rules={[{ required: true, whitespace: true, message: '请填写退回意见，告诉撰稿人需要修改什么' }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * One submission under review: who sent it and when, its preview (the pages as submitted), and 通过 (publish now or
 * at a time) or 退回 (with a comment).
 */
export function ReviewDialog({ row, onClose }: { row: ReviewRow | null; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const [approve, { isLoading }] = reviewApi.useApproveReviewMutation();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [picked, setPicked] = useState('');
  const [pickError, setPickError] = useState('');
  const [returning, setReturning] = useState(false);
  const close = () => {
    setWhen('now');
    setPicked('');
    setPickError('');
    onClose();
  };
  const pass = async () => {
    if (!row) return;
    let publishAt: string | null = null;
    if (when === 'later') {
      const at = pickedTime(picked);
      if (typeof at === 'string') return setPickError(at);
      publishAt = beijingIso(at);
    }
    try {
      await approve({
        kind: row.kind,
        id: row.id,
        status: publishAt ? 'scheduled' : 'published',
        publish_at: publishAt,
      }).unwrap();
      void message.success(publishAt ? '已通过，到时自动发布' : '已通过并发布');
      close();
    } catch {
      // Refused: the server's message is shown.
    }
  };
  return (
    <>
      <Modal
        title={row ? `审核${KIND_NAMES[row.kind]}：${row.title}` : '审核'}
        open={row !== null}
        onCancel={close}
        destroyOnHidden
        width={640}
        footer={
          row ? (
            <Space wrap style={{ justifyContent: 'flex-end' }}>
              <Button onClick={close}>取消</Button>
              <Button danger onClick={() => setReturning(true)} disabled={isLoading}>
                退回
              </Button>
              <Button type="primary" loading={isLoading} onClick={() => void pass()}>
                通过
              </Button>
            </Space>
          ) : null
        }
      >
        {row ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'author', label: '撰稿人', children: row.author || '（已删除的账号）' },
                { key: 'at', label: '提交时间', children: row.submitted_at },
                { key: 'revision', label: '提交的版本', children: `第 ${row.revision} 版` },
                {
                  key: 'live',
                  label: '类型',
                  children: row.live ? '修改已发布的内容（通过后替换线上内容）' : '新稿件',
                },
              ]}
            />
            <Space wrap>
              <span>提交的内容：</span>
              <PreviewButton kind={row.kind} id={row.id} disabled={isLoading} />
            </Space>
            <Form layout="vertical" onFinish={() => void pass()}>
              <Form.Item label="通过后">
                <Radio.Group
                  value={when}
                  onChange={(event) => {
                    setWhen(event.target.value as 'now' | 'later');
                    setPickError('');
                  }}
                  options={[
                    { value: 'now', label: '立即发布' },
                    { value: 'later', label: '定时发布' },
                  ]}
                />
              </Form.Item>
              {when === 'later' ? (
                <ScheduleInput
                  value={picked}
                  error={pickError}
                  onChange={(value) => {
                    setPicked(value);
                    setPickError('');
                  }}
                />
              ) : null}
            </Form>
          </Space>
        ) : null}
      </Modal>
      <ReturnDialog
        row={returning ? row : null}
        onClose={() => setReturning(false)}
        onDone={() => {
          setReturning(false);
          close();
        }}
      />
    </>
  );
}

const QUEUE_COLUMNS: TableColumnsType<ReviewRow> = [
  {
    title: '标题',
    dataIndex: 'title',
    ellipsis: true,
    render: (title: string, row) => (
      <>
        {title} {row.live ? <Tag>修改已发布的内容</Tag> : null}
      </>
    ),
  },
  { title: '撰稿人', dataIndex: 'author', width: 200, ellipsis: true },
  { title: '提交时间', dataIndex: 'submitted_at', width: 170 },
];

/**
 * 待审核: the case or article list's submissions waiting for an editor, oldest first as the server gives them, each
 * opened with 审核. Shown to editors and above, when something waits.
 */
export function ReviewQueue({ kind }: { kind: ReviewKind }) {
  const { account } = useAccount();
  const edits = useMay('edit');
  const waiting = account?.review_count ?? 0;
  // The side menu's query (keyed by the count `/api/me` gave): one cache entry for both.
  const { data } = adminApi.useReviewsQuery(waiting, { skip: !edits || waiting === 0 });
  const [open, setOpen] = useState<ReviewRow | null>(null);
  const table = useRowTable<ReviewRow>({
    columns: QUEUE_COLUMNS,
    title: 'title',
    scrollX: 640,
    buttons: {
      width: 90,
      render: (row) => (
        <Button size="small" type="primary" onClick={() => setOpen(row)} aria-label={`审核${row.title}`}>
          审核
        </Button>
      ),
    },
  });
  const rows = waiting === 0 ? [] : (data ?? []).filter((row) => row.kind === kind);
  if (!edits || rows.length === 0) return null;
  return (
    <Card title={`待审核（${rows.length}）`} style={{ marginBottom: 16 }} role="region" aria-label="待审核">
      <Table<ReviewRow>
        rowKey={(row) => `${row.kind}-${row.id}`}
        size="small"
        {...table}
        dataSource={rows}
        pagination={false}
      />
      <ReviewDialog row={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
