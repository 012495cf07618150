import { lazy, Suspense } from 'react';
import { Navigate, Provider, Route, Routes, type RemoteProps } from '@site/platform';
import { ADMIN_DEFAULT_CHILD } from '@site/shared-types';
import { LoginScreen } from './features/login/login';
import { NotFoundScreen } from './features/not-found/not-found';
import { SCREENS } from './layout/screens';
import styles from './app.module.css';

/**
 * The frame (side menu, top bar, session checks) comes after the login page, with the screens and antd: the login
 * page carries no UI library (docs/decisions.md "The back office's login carries no screen").
 */
const Frame = lazy(() =>
  import(/* webpackChunkName: "frame" */ './layout/frame').then((module) => ({ default: module.Frame })),
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
            <Route path="index" element={<Frame />}>
              <Route index element={<Navigate to={ADMIN_DEFAULT_CHILD} replace />} />
              {SCREENS.map(({ key, Screen }) => (
                <Route key={key} path={key} element={<Screen />} />
              ))}
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
