import { useMemo, useState, type ReactNode } from 'react';
import { App as AntApp, Button, Card, Form, Space, Tag, type FormInstance } from 'antd';
import type { RevisionKind } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi, type AdminBlocks, type BlockName } from '../../admin-api';
import { FormChanges } from '../../common/form-changes';
import { RevisionsDialog } from '../../common/revisions-dialog';
import { useSaveShortcut } from '../../common/save-shortcut';
import { useUnsavedChanges } from '../../common/unsaved-changes';
import { LoadState } from '../../common/load-state';
import styles from './block-editor.module.css';

/** The kind of revision of each block, by the name of its screen (the server calls home and contact so). */
const REVISION_KINDS = {
  header: 'header',
  footer: 'footer',
  index: 'home',
  about: 'about',
  relation: 'contact',
} as const satisfies Record<BlockName, RevisionKind>;

/** Gives the entries of a list the ids 1…n in their current order (ids only tell entries apart). */
export function numbered<T extends { id: number }>(entries: readonly T[]): T[] {
  return entries.map((entry, index) => ({ ...entry, id: index + 1 }));
}

/**
 * A site block's editor: loads the block, edits it in one form, and replaces it on save (保存成功). Unsaved edits
 * (fields that differ from the block as loaded or last saved) are flagged, can be undone, and leaving the screen
 * asks first.
 */
export function BlockEditor<K extends BlockName>({
  name,
  title,
  intro,
  prepare,
  children,
}: {
  name: K;
  title: string;
  /** One line on what the block shows and where. */
  intro: string;
  /** Turns the form's values into the block to save (e.g. renumbering list entries). */
  prepare?: (values: AdminBlocks[K]) => AdminBlocks[K];
  children: ReactNode;
}) {
  usePageTitle(title);
  const { message } = AntApp.useApp();
  const { data, isError, isFetching, refetch, fulfilledTimeStamp } = adminApi.useGetBlockQuery(name, {
    refetchOnMountOrArgChange: true,
  });
  const [amend, { isLoading: saving }] = adminApi.useAmendBlockMutation();
  const [form] = Form.useForm<AdminBlocks[K]>();
  // Compared with each block loaded; the form is made anew for it too (its key below).
  const changes = useMemo(() => {
    const loaded = new FormChanges();
    loaded.load(data);
    return loaded;
  }, [data]);
  /** The comparison that last found a difference: a block loaded since starts without one. */
  const [dirtyIn, setDirtyIn] = useState<FormChanges | null>(null);
  const dirty = dirtyIn === changes;
  const setDirty = (value: boolean) => setDirtyIn(value ? changes : null);
  const [history, setHistory] = useState(false);
  useUnsavedChanges(dirty);
  // Saved only from the server's fresh copy (a cached one is read-only while it is refreshed).
  const ready = data !== undefined && !isFetching;
  useSaveShortcut(() => {
    if (ready && !saving) form.submit();
  });

  const save = async () => {
    // The whole block, not only the fields on screen (ids and links of list entries are kept as loaded).
    const values = form.getFieldsValue(true) as AdminBlocks[K];
    const value = prepare ? prepare(values) : values;
    try {
      await amend({ name, value } as Parameters<typeof amend>[0]).unwrap();
      changes.load(values);
      setDirty(false);
      void message.success('保存成功');
    } catch {
      // refused: the server's msg (naming the field) is shown as a notice
    }
  };

  return (
    <Card
      title={title}
      className={styles.blockCard}
      extra={
        <Space>
          {dirty ? <Tag color="orange">有未保存的修改</Tag> : null}
          <Button onClick={() => setHistory(true)}>历史版本</Button>
          <Button
            disabled={!dirty || saving}
            onClick={() => {
              form.resetFields();
              changes.load(data);
              setDirty(false);
            }}
          >
            撤销修改
          </Button>
          <Button type="primary" loading={saving} disabled={!ready} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
      data-block={name}
    >
      <p className={styles.blockIntro}>{intro}</p>
      <RevisionsDialog
        item={history ? { kind: REVISION_KINDS[name] } : null}
        name={title}
        onClose={() => setHistory(false)}
        onRestored={() => setDirty(false)}
      />
      {data ? (
        <Form<AdminBlocks[K]>
          // A fresh form for each loaded version: 撤销修改 returns to what the server holds.
          key={fulfilledTimeStamp}
          form={form}
          layout="vertical"
          initialValues={data}
          // A cached copy is shown while the server's is fetched, but not editable: the fresh form would drop edits.
          disabled={isFetching}
          onValuesChange={(changed) => {
            changes.edit(changed);
            setDirty(changes.differs((field) => (form as FormInstance).getFieldValue(field)));
          }}
          onFinish={save}
          onFinishFailed={({ errorFields }) => {
            void message.error('还有内容需要修改，请查看标红的字段');
            if (errorFields[0]) form.scrollToField(errorFields[0].name, { block: 'center' });
          }}
          scrollToFirstError={false}
        >
          {children}
        </Form>
      ) : (
        <LoadState failed={isError} failedText="内容加载失败" onReload={() => void refetch()} />
      )}
    </Card>
  );
}

/** A titled group of fields inside a block editor. */
export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <header className={styles.sectionHead}>
        <h2>{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}
