import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Provider, Route, Routes, type RemoteProps } from '@site/platform';
import { ADMIN_DEFAULT_CHILD, type AdminChild } from '@site/shared-types';
import { LoginScreen } from './features/login/login';
import { NotFoundScreen } from './common/not-found-screen';
import { SCREENS } from './layout/screens';
import styles from './app.module.css';

/**
 * The frame (side menu, top bar, session checks) comes after the login page, with the screens and antd: the login
 * page carries no UI library (docs/decisions.md "The back office's login carries no screen").
 */
const Frame = lazy(() =>
  import(/* webpackChunkName: "frame" */ './layout/frame').then((module) => ({ default: module.Frame })),
);

/** The frame of the invitation page: antd without the side menu (layout/door.tsx). */
const Door = lazy(() =>
  import(/* webpackChunkName: "door" */ './layout/door').then((module) => ({ default: module.Door })),
);

/** A screen's code is fetched when it is first opened: the login page carries none of it (docs/decisions.md). */
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/**
 * The screen of each back-office route (`/admin/index/<key>`), one per entry of the shared table (`ADMIN_CHILDREN`):
 * the compiler refuses a missing or an unknown key. Their side-menu entries are `SCREENS` (layout/screens.ts).
 */
const SCREEN_PAGES: Record<AdminChild, ComponentType> = {
  menu: screen(() => import(/* webpackChunkName: "screen-menus" */ './features/menus/menus'), 'MenusScreen'),
  case: screen(() => import(/* webpackChunkName: "screen-cases" */ './features/cases/cases'), 'CasesScreen'),
  article: screen(
    () => import(/* webpackChunkName: "screen-articles" */ './features/articles/articles'),
    'ArticlesScreen',
  ),
  changepwd: screen(
    () => import(/* webpackChunkName: "screen-password" */ './features/password/password'),
    'PasswordScreen',
  ),
  keywords: screen(
    () => import(/* webpackChunkName: "screen-keywords" */ './features/keywords/keywords'),
    'KeywordsScreen',
  ),
  baidupush: screen(
    () => import(/* webpackChunkName: "screen-baidu-push" */ './features/baidu-push/baidu-push'),
    'BaiduPushScreen',
  ),
  header: screen(() => import(/* webpackChunkName: "screen-header" */ './features/site-blocks/header'), 'HeaderScreen'),
  footer: screen(() => import(/* webpackChunkName: "screen-footer" */ './features/site-blocks/footer'), 'FooterScreen'),
  index: screen(() => import(/* webpackChunkName: "screen-home" */ './features/site-blocks/home'), 'HomeScreen'),
  about: screen(() => import(/* webpackChunkName: "screen-about" */ './features/site-blocks/about'), 'AboutScreen'),
  relation: screen(
    () => import(/* webpackChunkName: "screen-relation" */ './features/site-blocks/relation'),
    'RelationScreen',
  ),
  leaveword: screen(
    () => import(/* webpackChunkName: "screen-messages" */ './features/messages/messages'),
    'MessagesScreen',
  ),
  notify: screen(() => import(/* webpackChunkName: "screen-notify" */ './features/notify/notify'), 'NotifyScreen'),
  media: screen(() => import(/* webpackChunkName: "screen-media" */ './features/media/media'), 'MediaScreen'),
  trash: screen(() => import(/* webpackChunkName: "screen-trash" */ './features/trash/trash'), 'TrashScreen'),
  releases: screen(
    () => import(/* webpackChunkName: "screen-releases" */ './features/releases/releases'),
    'ReleasesScreen',
  ),
  vitals: screen(() => import(/* webpackChunkName: "screen-vitals" */ './features/vitals/vitals'), 'VitalsScreen'),
  accounts: screen(
    () => import(/* webpackChunkName: "screen-accounts" */ './features/accounts/accounts'),
    'AccountsScreen',
  ),
  audit: screen(() => import(/* webpackChunkName: "screen-audit" */ './features/audit/audit'), 'AuditScreen'),
  security: screen(
    () => import(/* webpackChunkName: "screen-security" */ './features/security/security'),
    'SecurityScreen',
  ),
};

/** `/admin/invite?token=…`: accepting an invitation (docs/behaviour.md#accounts-and-roles). */
const InvitePage = screen(
  () => import(/* webpackChunkName: "screen-invite" */ './features/invite/invite'),
  'InviteScreen',
);

/** The back office's route tree (docs/behaviour.md#admin-routes), mounted by the shell under `/admin`. */
export default function App({ store }: RemoteProps) {
  return (
    <Provider store={store}>
      <div className={styles.admin} data-remote={__REMOTE_NAME__} data-release={__RELEASE_LABEL__}>
        <Suspense
          fallback={
            <div className={styles.loading} role="status" aria-label="加载中">
              <span className={styles.spinner} />
            </div>
          }
        >
          <Routes>
            <Route index element={<LoginScreen />} />
            <Route path="invite" element={<Door />}>
              <Route index element={<InvitePage />} />
            </Route>
            <Route path="index" element={<Frame />}>
              <Route index element={<Navigate to={ADMIN_DEFAULT_CHILD} replace />} />
              {SCREENS.map(({ key }) => {
                const Screen = SCREEN_PAGES[key];
                return <Route key={key} path={key} element={<Screen />} />;
              })}
              <Route path="*" element={<NotFoundScreen />} />
            </Route>
            <Route path="*" element={<NotFoundScreen />} />
          </Routes>
        </Suspense>
      </div>
    </Provider>
  );
}

export const release = __RELEASE_LABEL__;
