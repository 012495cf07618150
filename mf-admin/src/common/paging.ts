import { useState } from 'react';

/**
 * The page of an admin list (1-based). Spec §4: after deleting the last row of a page, the previous page is
 * shown (the list is reloaded by the cache invalidation).
 */
export function usePagedList() {
  const [page, setPage] = useState(1);
  const afterDelete = (rowsOnPage: number) => {
    if (rowsOnPage <= 1 && page > 1) setPage(page - 1);
  };
  return { page, setPage, afterDelete };
}
