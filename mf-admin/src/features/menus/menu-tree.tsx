import { useState, type Key } from 'react';
import { Button, type TableProps } from 'antd';
import type { MenuNode } from '@site/shared-types';

/** A table row: a menu without the empty `children` that would draw an expand button. */
export type MenuRow = Omit<MenuNode, 'children'> & { children?: MenuRow[] };

export const toRows = (nodes: readonly MenuNode[]): MenuRow[] =>
  nodes.map((node) => ({ ...node, children: node.children.length ? toRows(node.children) : undefined }));

const keysWithChildren = (nodes: readonly MenuNode[]): number[] =>
  nodes.flatMap((node) => (node.children.length ? [node.id, ...keysWithChildren(node.children)] : []));

/**
 * The menu tree's expanded rows: at first those the server flags (`sebshow`), then the administrator's own
 * choice, row by row or all at once (全部展开/全部收起).
 */
export function useMenuTree(nodes: readonly MenuNode[]) {
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const expandedKeys =
    expanded ??
    nodes.flatMap(function open(node): number[] {
      return [...(node.sebshow ? [node.id] : []), ...node.children.flatMap(open)];
    });
  const expandable: TableProps<MenuRow>['expandable'] = {
    expandedRowKeys: expandedKeys,
    onExpandedRowsChange: (keys) => setExpanded(keys),
    childrenColumnName: 'children',
  };
  const toggleAll = (
    <Button onClick={() => setExpanded(expandedKeys.length ? [] : keysWithChildren(nodes))}>
      {expandedKeys.length ? '全部收起' : '全部展开'}
    </Button>
  );
  return { expandable, toggleAll };
}
