import { useState } from 'react';
import { App as AntApp } from 'antd';
import type { AdminList, AdminListRequest, IdRequest, ItemStatus } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { pageAfterDelete } from './paging';

/** A call that finishes as a promise (an RTK Query trigger's answer). */
export type Sent = { unwrap(): Promise<unknown> };

export interface ListScreenConfig<Row, Option> {
  /** The screen's name: the page title and the list card's title. */
  title: string;
  /** The list call's query hook (`adminApi.useCasesQuery`…). */
  useList: (request: AdminListRequest) => { data?: AdminList<Row, Option>; isFetching: boolean };
  /** The delete call's mutation hook. */
  useRemove: () => readonly [(request: IdRequest) => Sent, ...unknown[]];
}

export interface ListScreenState<Row, Option> {
  title: string;
  /** The server's answer: a page of rows and the option lists the filters and forms need. */
  answer: AdminList<Row, Option> | undefined;
  loading: boolean;
  /** The `menu` filter's value (0: all). */
  menu: number;
  filterBy: (menu: number) => void;
  /** The state filter's value ('': all; cases and articles). */
  status: ItemStatus | '';
  filterByStatus: (status: ItemStatus | '') => void;
  /** The search in force ('' : none). */
  search: string;
  searchFor: (text: string) => void;
  setPage: (page: number) => void;
  /** Deletes a row (the confirmation has been given). */
  remove: (id: number) => Promise<void>;
}

/**
 * The state of an admin list screen: the page shown, the search and the `menu` filter (both go back to the first
 * page), the server's answer, and deleting a row (删除成功; the last row of a page leads to the previous page).
 */
export function useListScreen<Row extends { id: number }, Option>({
  title,
  useList,
  useRemove,
}: ListScreenConfig<Row, Option>): ListScreenState<Row, Option> {
  usePageTitle(title);
  const { message } = AntApp.useApp();
  const [search, setSearch] = useState('');
  const [menu, setMenu] = useState(0);
  const [status, setStatus] = useState<ItemStatus | ''>('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useList({
    page,
    search: search || undefined,
    menu: menu || undefined,
    status: status || undefined,
  });
  const [sendDelete] = useRemove();
  const list = data?.list;

  const remove = async (id: number) => {
    try {
      await sendDelete({ id }).unwrap();
    } catch {
      return; // refused: the server's msg is shown
    }
    void message.success('删除成功');
    // Only the page's own rows count (a menu's sub-menus hang under the rows of its page).
    if (list?.data.some((row) => row.id === id)) setPage(pageAfterDelete(page, list.data.length));
  };

  return {
    title,
    answer: data,
    loading: isFetching,
    menu,
    filterBy: (value) => (setMenu(value), setPage(1)),
    status,
    filterByStatus: (value) => (setStatus(value), setPage(1)),
    search,
    searchFor: (text) => (setSearch(text.trim()), setPage(1)),
    setPage,
    remove,
  };
}
