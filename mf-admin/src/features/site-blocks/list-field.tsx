import type { ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Form, Space, Tooltip } from 'antd';
import type { FormListFieldData } from 'antd/es/form';
import formLayout from '../../common/form-layout.module.css';
import styles from './list-field.module.css';

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
          {fields.length === 0 ? <p className={formLayout.hint}>暂无内容</p> : null}
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
