import type { TablePaginationConfig } from 'antd';
import type { AdminList } from '@site/shared-types';

/** The page of an admin list the server answered (1-based, its size is the server's). */
export type ListPage = AdminList<unknown, unknown>['list'];

/** The table's pagination for a list: hidden while the whole list fits one page. */
export function pagination(
  list: ListPage | undefined,
  onChange: (page: number) => void,
): TablePaginationConfig | false {
  return list && list.last_page > 1
    ? { current: list.current_page, pageSize: list.per_page, total: list.total, onChange, showSizeChanger: false }
    : false;
}

/**
 * The page to show after a row of `page` was deleted: the previous one when it was the page's last row (the list
 * itself is reloaded by the cache invalidation).
 */
export function pageAfterDelete(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}
