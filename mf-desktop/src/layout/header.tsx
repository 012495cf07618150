import { useEffect, useRef, type FormEvent } from 'react';
import { activeMenuId, FADE_MS, FIRST_VIEW, MenuId, menuRoute, responsiveImage } from '@site/shared-types';
import {
  Link,
  publicApi,
  selectSiteName,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useNavigate,
  useTakeOverFields,
} from '@site/platform';
import { SEARCH_PATH, searchAddress } from '../common/search';
import { keywordTyped, searchClosed, searchOpened, selectSearch } from './search-slice';
import styles from './header.module.css';

/** The search box's element id (what it holds is taken over from the page: `useTakeOverFields`). */
const SEARCH_INPUT_ID = 'site-search';

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m16.5 16.5 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Top navigation (docs/behaviour.md#top-navigation, docs/behaviour.md#search-box): the logo (menu 1), the menu entries
 * with the active one marked, and the search: its button appears once the header has loaded and swaps the menu list for
 * an input (fading in over 1000 ms, out over 100 ms); the search icon, Enter and the close icon submit or close.
 */
export default function Header() {
  const siteName = useAppSelector(selectSiteName);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const header = publicApi.useHeaderQuery().data;
  const active = activeMenuId(pathname);
  const dispatch = useAppDispatch();
  const { searchOpen: open, keyword: typed } = useAppSelector(selectSearch);
  // The results page shows its keyword in the box; no other page depends on its query string.
  const keyword = typed ?? (pathname === SEARCH_PATH ? (new URLSearchParams(search).get('keyword') ?? '') : '');
  const setOpen = (value: boolean) => dispatch(value ? searchOpened() : searchClosed());
  const input = useRef<HTMLInputElement>(null);
  // A keyword typed into the server's search box before the application came is kept.
  useTakeOverFields({ [SEARCH_INPUT_ID]: keyword }, (_id, text) => dispatch(keywordTyped(text)));

  useEffect(() => {
    if (!open) return;
    // Once the input is shown (it is not focusable while hidden).
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = keyword.trim();
    if (!text) {
      input.current?.focus();
      return;
    }
    void navigate(searchAddress(text));
  };

  return (
    // `data-search-open` is the open state for the stylesheet; a press on the toggle before the page's code ran
    // sets it at once (`data-press`, docs/decisions.md "First view on phones"), and the code then owns it.
    <header className={styles.header} {...{ [FIRST_VIEW.pressScope]: '' }} data-search-open={open ? '' : undefined}>
      <div className={styles.inner}>
        <Link
          className={styles.brand}
          to={menuRoute(MenuId.Home)}
          data-testid="site-name"
          aria-label={`${siteName} 首页`}
        >
          {header ? (
            <img
              {...responsiveImage(header.logo.url, '160px')}
              alt={header.logo.alt}
              width={160}
              height={48}
              className={styles.logo}
            />
          ) : null}
          <span className={header ? styles.visuallyHidden : styles.brandText}>{siteName}</span>
        </Link>
        <div className={styles.right}>
          <nav
            className={`${styles.nav} ${open ? styles.hidden : styles.shown}`}
            aria-label="主导航"
            aria-hidden={open || undefined}
            style={{ transitionDuration: `${open ? FADE_MS.searchOut : FADE_MS.searchIn}ms` }}
            data-testid="menu-list"
          >
            {(header?.programas ?? []).map((menu) => (
              <Link
                key={menu.id}
                to={menuRoute(menu.id)}
                aria-current={menu.id === active ? 'page' : undefined}
                tabIndex={open ? -1 : undefined}
              >
                {menu.name}
              </Link>
            ))}
          </nav>
          {header ? (
            <form
              role="search"
              className={`${styles.search} ${open ? styles.shown : styles.hidden}`}
              style={{ transitionDuration: `${open ? FADE_MS.searchIn : FADE_MS.searchOut}ms` }}
              onSubmit={submit}
              action={SEARCH_PATH}
              data-testid="search-form"
            >
              <input
                ref={input}
                id={SEARCH_INPUT_ID}
                name="keyword"
                type="search"
                value={keyword}
                maxLength={50}
                placeholder="搜索案例、资讯"
                aria-label="搜索关键词"
                onChange={(event) => dispatch(keywordTyped(event.target.value))}
                tabIndex={open ? undefined : -1}
              />
              <button type="submit" className={styles.iconButton} aria-label="搜索" tabIndex={open ? undefined : -1}>
                <SearchIcon />
              </button>
              <button
                type="button"
                className={styles.iconButton}
                aria-label="关闭搜索"
                onClick={() => setOpen(false)}
                tabIndex={open ? undefined : -1}
              >
                <CloseIcon />
              </button>
            </form>
          ) : null}
          {header && !open ? (
            <button
              type="button"
              className={styles.searchToggle}
              aria-label="打开搜索"
              {...{ [FIRST_VIEW.press]: 'data-search-open' }}
              onClick={() => setOpen(true)}
            >
              <SearchIcon />
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
