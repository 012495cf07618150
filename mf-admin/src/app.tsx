import { lazy, Suspense } from 'react';
import { App as AntApp, ConfigProvider, Spin, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Navigate, Provider, Route, Routes, type RemoteProps } from '@site/platform';
import { ADMIN_DEFAULT_CHILD } from '@site/shared-types';
import { LoginScreen } from './features/login/login';
import { NotFoundScreen } from './features/not-found/not-found';
import { SCREENS } from './layout/screens';
import styles from './app.module.css';

/**
 * The site's blue, and every text colour darkened where antd's defaults stay under 4.5:1 (WCAG AA): links,
 * danger buttons, secondary and placeholder text, and the text of the green, gold and orange tags.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1a66d6',
    colorLink: '#1a66d6',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Both spellings: they become the same CSS variable, and the hyphenated one is written last.
    green7: '#237804',
    'green-7': '#237804',
    gold7: '#874d00',
    'gold-7': '#874d00',
    orange7: '#ad4e00',
    'orange-7': '#ad4e00',
    borderRadius: 6,
  },
};

/** The frame (side menu, top bar, session checks) comes after the login page, with the screens. */
const Frame = lazy(() =>
  import(/* webpackChunkName: "frame" */ './layout/frame').then((module) => ({ default: module.Frame })),
);

/** The back office's route tree (docs/behaviour.md#admin-routes), mounted by the shell under `/admin`. */
export default function App({ store }: RemoteProps) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={THEME}>
        <AntApp>
          <div className={styles.admin} data-remote={__REMOTE_NAME__} data-release={__RELEASE_LABEL__}>
            <Suspense fallback={<Spin className={styles.loading} aria-label="加载中" />}>
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
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}

export const release = __RELEASE_LABEL__;
