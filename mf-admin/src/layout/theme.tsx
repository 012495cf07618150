import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';

/**
 * The site's blue, and every text colour darkened where antd's defaults stay under 4.5:1 (WCAG AA): links and
 * hovered buttons, danger buttons, secondary and placeholder text, and the text of the green, gold and orange tags.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1a66d6',
    colorLink: '#1a66d6',
    // antd lightens the blue on hover (#4086e3, 3.7:1): a hovered or tapped default button's text would fall
    // under 4.5:1, so hover darkens it instead.
    colorPrimaryHover: '#1458bf',
    colorLinkHover: '#1458bf',
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

/** antd in Chinese with the site's theme, and the message and dialog holders the screens use (`App.useApp`). */
export function AdminTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={THEME}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
