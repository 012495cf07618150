import type { ReactNode } from 'react';
import { Empty, Input, Pagination, Select, Space, Spin, Tag, Tooltip } from 'antd';
import { describeMediaUse, hasImageVariants, MEDIA_USAGES, mediaSizeText, type MediaItem } from '@site/shared-types';
import type { MediaListState } from './use-media-list';
import styles from './media-grid.module.css';

/** A small copy for the grid (docs/decisions.md "Image variants"); a picture without variants as it is. */
export function thumbnail(url: string): string {
  return hasImageVariants(url) ? `${url}?w=320` : url;
}

/** Where a picture is used, in words (`未使用` when nowhere). */
export function usesText(item: MediaItem): string {
  return item.uses.length > 0 ? item.uses.map(describeMediaUse).join('、') : '未使用';
}

/** The search box and the usage filter of the library and the picker. */
export function MediaFilters({ media, extra }: { media: MediaListState; extra?: ReactNode }) {
  return (
    <Space wrap>
      <Select
        aria-label="按使用情况筛选"
        style={{ width: 120 }}
        value={media.usage}
        onChange={media.filterBy}
        options={MEDIA_USAGES.map(({ value, label }) => ({ value, label }))}
      />
      <Input.Search placeholder="图片名称" allowClear onSearch={media.searchFor} aria-label="搜索图片名称" />
      {extra}
    </Space>
  );
}

/**
 * The pictures of a library page as cards, newest first: the picture, its name, size and dimensions, upload time
 * and where it is used, with `actions` at the bottom of each; the pages below when there are several.
 */
export function MediaGrid({ media, actions }: { media: MediaListState; actions: (item: MediaItem) => ReactNode }) {
  const { list } = media;
  return (
    <Spin spinning={media.loading}>
      {list && list.data.length === 0 ? (
        <Empty description="没有图片" />
      ) : (
        <ul className={styles.grid} aria-label="图片列表">
          {(list?.data ?? []).map((item) => (
            <li key={item.id} className={styles.card} data-testid="media-card">
              <div className={styles.picture}>
                <img src={thumbnail(item.url)} alt={item.name} loading="lazy" />
              </div>
              <div className={styles.body}>
                <Tooltip title={item.name}>
                  <div className={styles.name}>{item.name}</div>
                </Tooltip>
                <div className={styles.meta}>
                  <span>{mediaSizeText(item.bytes)}</span>
                  <span>
                    {item.width}×{item.height}
                  </span>
                  {item.demo ? <Tag>演示图片</Tag> : null}
                </div>
                <div className={styles.meta}>{item.create_time}</div>
                <Tooltip title={item.uses.length > 1 ? usesText(item) : undefined}>
                  <div className={styles.uses}>
                    {item.uses.length > 0 ? (
                      <>
                        <Tag color="blue">已使用</Tag>
                        {usesText(item)}
                      </>
                    ) : (
                      <Tag color="green">未使用</Tag>
                    )}
                  </div>
                </Tooltip>
                <div className={styles.actions}>{actions(item)}</div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list && list.last_page > 1 ? (
        <Pagination
          className={styles.pages}
          current={list.current_page}
          pageSize={list.per_page}
          total={list.total}
          showSizeChanger={false}
          onChange={media.setPage}
        />
      ) : null}
    </Spin>
  );
}
