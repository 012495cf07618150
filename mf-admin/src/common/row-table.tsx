import type { ReactNode } from 'react';
import { Grid, type TableColumnsType, type TableColumnType, type TableProps } from 'antd';
import styles from './row-table.module.css';

/** A table's buttons per row: a column of their own on wider screens, under each row's fields on phones. */
export interface RowButtons<Row> {
  /** The column's width on wider screens (it stays at the right while the other columns scroll). */
  width: number;
  render: (row: Row) => ReactNode;
}

/** Whether the screen is below antd's md breakpoint (768 px): a phone. */
export function useNarrow(): boolean {
  return Grid.useBreakpoint().md === false;
}

/** A column and the columns grouped under it, as a flat list of columns that show a cell. */
function cellColumns<Row>(columns: TableColumnsType<Row>): TableColumnType<Row>[] {
  return columns.flatMap((column) =>
    'children' in column && column.children ? cellColumns(column.children) : [column as TableColumnType<Row>],
  );
}

/** What a column shows for a row: its render, or the row's value under its dataIndex. */
function cell<Row>(column: TableColumnType<Row>, row: Row, index: number): ReactNode {
  const path = column.dataIndex === undefined ? [] : ([] as (string | number)[]).concat(column.dataIndex as never);
  const value = path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], row);
  const shown = column.render ? column.render(value, row, index) : value;
  return shown as ReactNode;
}

const isBlank = (node: ReactNode) => node === null || node === undefined || node === '' || node === false;

/**
 * The columns of a list table and how they fit the screen. On wider screens: the columns, then the buttons in a
 * column kept at the right while the others scroll sideways (`scrollX` is the table's width before it scrolls). On
 * phones there is no room for columns side by side, so each row shows as one cell: the cell of the column whose
 * dataIndex is `title` first, in bold, then the other columns as 标签：值 lines (empty ones left out), then the
 * buttons.
 */
export function useRowTable<Row>({
  columns,
  title,
  buttons,
  scrollX,
}: {
  columns: TableColumnsType<Row>;
  title: string;
  buttons?: RowButtons<Row>;
  scrollX: number;
}): Pick<TableProps<Row>, 'columns' | 'scroll' | 'showHeader' | 'tableLayout'> {
  const narrow = useNarrow();
  if (!narrow) {
    return {
      scroll: { x: scrollX },
      columns: buttons
        ? [
            ...columns,
            {
              title: '操作',
              key: 'actions',
              width: buttons.width,
              fixed: 'right',
              render: (_: unknown, row: Row) => buttons.render(row),
            },
          ]
        : columns,
    };
  }
  const all = cellColumns(columns);
  const heading = all.find((column) => column.dataIndex === title);
  const fields = all.filter((column) => column !== heading);
  return {
    showHeader: false,
    // The one column takes the table's width, whatever a cut text would need.
    tableLayout: 'fixed',
    columns: [
      {
        key: 'row',
        render: (_: unknown, row: Row, index: number) => (
          <div className={styles.stacked}>
            {heading ? <div className={styles.stackedTitle}>{cell(heading, row, index)}</div> : null}
            <dl className={styles.stackedFields}>
              {fields.map((column, at) => {
                const shown = cell(column, row, index);
                if (isBlank(shown)) return null;
                return (
                  <div key={String(column.key ?? column.dataIndex ?? at)} className={styles.stackedField}>
                    <dt>{column.title as ReactNode}</dt>
                    <dd className={column.ellipsis ? styles.clipped : undefined}>{shown}</dd>
                  </div>
                );
              })}
            </dl>
            {buttons ? <div className={styles.stackedButtons}>{buttons.render(row)}</div> : null}
          </div>
        ),
      },
    ],
  };
}
