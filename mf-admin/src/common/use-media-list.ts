import { useState } from 'react';
import type { MediaUsage } from '@site/shared-types';
import { adminApi } from '../admin-api';

/**
 * A page of the media library with its search and usage filter (both go back to the first page): the library
 * screen and the picker of the picture fields and the editor read it alike.
 */
export function useMediaList() {
  const [search, setSearch] = useState('');
  const [usage, setUsage] = useState<MediaUsage>('all');
  const [page, setPage] = useState(1);
  const { data, isFetching } = adminApi.useMediaListQuery({
    page,
    search: search || undefined,
    usage: usage === 'all' ? undefined : usage,
  });
  return {
    list: data?.list,
    loading: isFetching,
    page,
    setPage,
    usage,
    filterBy: (value: MediaUsage) => (setUsage(value), setPage(1)),
    searchFor: (text: string) => (setSearch(text.trim()), setPage(1)),
  };
}

export type MediaListState = ReturnType<typeof useMediaList>;
