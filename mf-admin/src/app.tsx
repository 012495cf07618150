import { Provider } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ADMIN_DEFAULT_CHILD, ADMIN_ROUTES } from '@site/shared-types';
import {
  NotFound,
  selectSiteName,
  useAppDispatch,
  useAppSelector,
  usePageTitle,
  type RemoteProps,
} from '@site/platform';
import { sideMenuToggled, useSideMenuCollapsed } from './admin-slice';
import styles from './admin.module.css';

function Page({ name }: { name: string }) {
  const siteName = useAppSelector(selectSiteName);
  const collapsed = useSideMenuCollapsed();
  const dispatch = useAppDispatch();
  usePageTitle(name === 'login' ? '管理后台登录' : '管理后台');
  return (
    <main className={styles.page} data-page={name}>
      <div className={styles.card}>
        <h1>{siteName} 管理后台</h1>
        <p>后台页面正在建设中（{name}）。</p>
        <button
          type="button"
          className={styles.toggle}
          onClick={() => dispatch(sideMenuToggled())}
          data-testid="toggle"
        >
          侧边栏：{collapsed ? '收起' : '展开'}
        </button>
      </div>
    </main>
  );
}

function Missing() {
  usePageTitle('页面不存在');
  return <NotFound homePath="/admin/" />;
}

/** The back office's route tree (spec §2 "Admin routes"), mounted by the shell under `/admin`. */
export default function App({ store }: RemoteProps) {
  return (
    <Provider store={store}>
      <div data-remote={__REMOTE_NAME__} data-release={__RELEASE_LABEL__}>
        <Routes>
          {ADMIN_ROUTES.map((route) =>
            route.path === '/' ? (
              <Route key={route.path} index element={<Page name={route.name} />} />
            ) : route.name === 'shell' ? (
              <Route
                key={route.path}
                path="index"
                element={<Navigate to={`/admin/index/${ADMIN_DEFAULT_CHILD}`} replace />}
              />
            ) : (
              <Route key={route.path} path={route.path.slice(1)} element={<Page name={route.name} />} />
            ),
          )}
          <Route path="*" element={<Missing />} />
        </Routes>
      </div>
    </Provider>
  );
}

export const release = __RELEASE_LABEL__;
