import { useState, type ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Card, Empty, Form, Space, Spin, Tag, Tooltip } from 'antd';
import type { FormListFieldData, Rule } from 'antd/es/form';
import { SITE_OR_WEB_URL } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi, type AdminBlocks, type BlockName } from '../../admin-api';
import styles from '../../admin.module.css';
import { useSaveShortcut } from '../save-shortcut';
import { useUnsavedChanges } from '../unsaved';

/** A link field's rule: a path on this site or an http(s) address (the server's rule), empty when allowed. */
export function linkRule(optional = false): Rule {
  return {
    validator: (_, value: string | undefined) =>
      (optional && !value) || SITE_OR_WEB_URL.test(value ?? '')
        ? Promise.resolve()
        : Promise.reject(new Error('请填写以 / 开头的站内地址或 http(s):// 开头的网址')),
  };
}

export const required = (message: string): Rule => ({ required: true, whitespace: true, message });

/** Gives the entries of a list the ids 1…n in their current order (ids only tell entries apart). */
export function numbered<T extends { id: number }>(entries: readonly T[]): T[] {
  return entries.map((entry, index) => ({ ...entry, id: index + 1 }));
}

/**
 * A site block's editor: loads the block, edits it in one form, and replaces it on save (保存成功). Unsaved edits
 * are flagged, can be undone, and leaving the screen asks first.
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
  const [dirty, setDirty] = useState(false);
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
          <Button
            disabled={!dirty || saving}
            onClick={() => {
              form.resetFields();
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
      {data ? (
        <Form<AdminBlocks[K]>
          // A fresh form for each loaded version: 撤销修改 returns to what the server holds.
          key={fulfilledTimeStamp}
          form={form}
          layout="vertical"
          initialValues={data as AdminBlocks[K]}
          // A cached copy is shown while the server's is fetched, but not editable: the fresh form would drop edits.
          disabled={isFetching}
          onValuesChange={() => setDirty(true)}
          onFinish={save}
          onFinishFailed={({ errorFields }) => {
            void message.error('还有内容需要修改，请查看标红的字段');
            if (errorFields[0]) form.scrollToField(errorFields[0].name, { block: 'center' });
          }}
          scrollToFirstError={false}
        >
          {children}
        </Form>
      ) : isError ? (
        <Empty description="内容加载失败">
          <Button onClick={() => void refetch()}>重新加载</Button>
        </Empty>
      ) : (
        <Spin tip="正在加载…">
          <div style={{ height: 200 }} />
        </Spin>
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

/**
 * A list of entries (banners, links, logos…): add at the end, remove, move up and down, up to `max` entries.
 * `blank` is what a new entry starts as; `adder` replaces the add button when adding needs a choice first.
 * `columns` lays text-only entries out as compact rows under one heading (their fields then carry no labels);
 * `tiles` lays many small entries (logos, certificates) out side by side.
 */
export function ListField({
  name,
  label,
  max,
  blank,
  addLabel = '添加',
  adder,
  columns,
  tiles = false,
  children,
}: {
  name: (string | number)[] | string;
  label: string;
  max: number;
  blank?: () => unknown;
  addLabel?: string;
  adder?: (add: (entry: unknown) => void, full: boolean) => ReactNode;
  columns?: string[];
  tiles?: boolean;
  children: (field: FormListFieldData, index: number) => ReactNode;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }) => (
        <div
          className={tiles ? `${styles.listField} ${styles.listTiles}` : styles.listField}
          role="group"
          aria-label={label}
        >
          {fields.length === 0 ? <p className={styles.hint}>暂无内容</p> : null}
          {columns?.length && fields.length > 0 ? (
            <div className={styles.listColumns} aria-hidden="true">
              {columns.map((column) => (
                <span key={column}>{column}</span>
              ))}
            </div>
          ) : null}
          {fields.map((field, index) => (
            <div
              key={field.key}
              className={columns ? `${styles.listEntry} ${styles.listEntryCompact}` : styles.listEntry}
              data-testid={`${label}-${index + 1}`}
            >
              <div className={styles.listEntryBody}>{children(field, index)}</div>
              <Space size={2} className={styles.listEntryTools}>
                <Tooltip title="上移">
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={`${label}第${index + 1}项上移`}
                  />
                </Tooltip>
                <Tooltip title="下移">
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={`${label}第${index + 1}项下移`}
                  />
                </Tooltip>
                <Tooltip title="删除">
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(index)}
                    aria-label={`删除${label}第${index + 1}项`}
                  />
                </Tooltip>
              </Space>
            </div>
          ))}
          {adder ? (
            adder(add, fields.length >= max)
          ) : (
            <Button type="dashed" block disabled={fields.length >= max} onClick={() => add(blank?.())}>
              {fields.length >= max ? `最多 ${max} 项` : `${addLabel}（${fields.length}/${max}）`}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
