import { useEffect, useRef, useState, type ReactNode } from 'react';
import { island } from './island';
import { INFINITE_LIST, type Paged } from '@site/shared-types';
import styles from './infinite-list.module.css';

export interface InfiniteListProps<T> {
  /** The preloaded first page (server-rendered). */
  first: T[];
  /** The list's total. */
  sum: number;
  /** Fetches the entries from cursor `page` on. */
  load: (page: number) => Promise<Paged<T>>;
  children: (items: T[]) => ReactNode;
}

/**
 * An infinite list (docs/behaviour.md#infinite-lists): when its end comes into view the loading flag turns on, 1 s
 * later the next page is fetched and appended, and the cursor is taken from the answer; no second load starts while one
 * runs; loading stops once the total is reached, and a no-more text shows. The first page is preloaded and the cursor
 * starts at 4. Give it a `key` per list (tab, menu) so a new list starts afresh.
 */
function InfiniteListSection<T>({ first, sum, load, children }: InfiniteListProps<T>) {
  const [items, setItems] = useState(first);
  const [total, setTotal] = useState(sum);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const page = useRef<number>(INFINITE_LIST.preloadedPage);
  const busy = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const loader = useRef(load);
  const done = items.length >= total;

  useEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || done || failed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting) || busy.current) return;
      busy.current = true;
      setLoading(true);
      timer = setTimeout(() => {
        loader.current(page.current).then(
          (answer) => {
            if (!alive) return;
            page.current = answer.page;
            setTotal(answer.sum);
            setItems((current) => [...current, ...answer.data]);
            // An empty page would never reach the total: stop there rather than ask forever.
            if (answer.data.length === 0) setTotal(0);
            busy.current = false;
            setLoading(false);
          },
          () => {
            if (!alive) return;
            busy.current = false;
            setLoading(false);
            setFailed(true);
          },
        );
      }, INFINITE_LIST.loadDelayMs);
    });
    observer.observe(element);
    return () => {
      alive = false;
      observer.disconnect();
      if (timer) clearTimeout(timer);
      busy.current = false;
    };
  }, [done, failed, items.length]);

  return (
    <>
      {children(items)}
      <div ref={sentinel} className={styles.status} aria-live="polite" data-testid="list-status">
        {loading ? (
          <span className={styles.loading}>
            <span className={styles.spinner} aria-hidden="true" />
            正在加载…
          </span>
        ) : failed ? (
          <button type="button" className={styles.retry} onClick={() => setFailed(false)}>
            加载失败，点击重试
          </button>
        ) : done ? (
          <span className={styles.noMore}>没有更多了</span>
        ) : null}
      </div>
    </>
  );
}

/**
 * The list as an island (docs/decisions.md "Islands"): on a server-rendered page it is adopted when it comes near the
 * viewport or the visitor reaches for it, before its end can come into view.
 */
export const InfiniteList = island(
  'more-list',
  async () => ({ default: InfiniteListSection as (props: InfiniteListProps<unknown>) => ReactNode }),
  'visible',
) as unknown as typeof InfiniteListSection;
