import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Provider } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ADMIN_DEFAULT_CHILD } from '@site/shared-types';
import type { RemoteProps } from '@site/platform';
import { ArticlesScreen } from './screens/articles';
import { AboutScreen } from './screens/blocks/about';
import { FooterScreen } from './screens/blocks/footer';
import { HeaderScreen } from './screens/blocks/header';
import { HomeScreen } from './screens/blocks/home';
import { RelationScreen } from './screens/blocks/relation';
import { CasesScreen } from './screens/cases';
import { KeywordsScreen } from './screens/keywords';
import { LoginScreen } from './screens/login';
import { MenusScreen } from './screens/menus';
import { MessagesScreen } from './screens/messages';
import { MissingScreen } from './screens/missing';
import { PasswordScreen } from './screens/password';
import { Shell } from './screens/shell';

/** The back office's route tree (spec §2 "Admin routes"), mounted by the shell under `/admin`. */
export default function App({ store }: RemoteProps) {
  return (
    <Provider store={store}>
      <ConfigProvider
        locale={zhCN}
        button={{ autoInsertSpace: false }}
        theme={{ token: { colorPrimary: '#2f7cf6', borderRadius: 6 } }}
      >
        <AntApp>
          <div data-remote={__REMOTE_NAME__} data-release={__RELEASE_LABEL__}>
            <Routes>
              <Route index element={<LoginScreen />} />
              <Route path="index" element={<Shell />}>
                <Route index element={<Navigate to={ADMIN_DEFAULT_CHILD} replace />} />
                <Route path="menu" element={<MenusScreen />} />
                <Route path="case" element={<CasesScreen />} />
                <Route path="article" element={<ArticlesScreen />} />
                <Route path="changepwd" element={<PasswordScreen />} />
                <Route path="header" element={<HeaderScreen />} />
                <Route path="footer" element={<FooterScreen />} />
                <Route path="index" element={<HomeScreen />} />
                <Route path="about" element={<AboutScreen />} />
                <Route path="relation" element={<RelationScreen />} />
                <Route path="leaveword" element={<MessagesScreen />} />
                <Route path="keywords" element={<KeywordsScreen />} />
                <Route path="*" element={<MissingScreen />} />
              </Route>
              <Route path="*" element={<MissingScreen />} />
            </Routes>
          </div>
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}

export const release = __RELEASE_LABEL__;
