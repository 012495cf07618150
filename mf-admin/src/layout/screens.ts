import type { ComponentType } from 'react';
import { ArticlesScreen } from '../features/articles/articles';
import { CasesScreen } from '../features/cases/cases';
import { KeywordsScreen } from '../features/keywords/keywords';
import { MenusScreen } from '../features/menus/menus';
import { MessagesScreen } from '../features/messages/messages';
import { PasswordScreen } from '../features/password/password';
import { AboutScreen } from '../features/site-blocks/about';
import { FooterScreen } from '../features/site-blocks/footer';
import { HeaderScreen } from '../features/site-blocks/header';
import { HomeScreen } from '../features/site-blocks/home';
import { RelationScreen } from '../features/site-blocks/relation';

/**
 * The screens of `/admin/index/<key>`, in the side menu's order (docs/behaviour.md#admin-routes): the five original
 * entries first (menus to keywords), then the editors of what the public sites show. The route tree and the side menu
 * both come from here.
 */
export const SCREENS: readonly { key: string; label: string; Screen: ComponentType }[] = [
  { key: 'menu', label: '菜单管理', Screen: MenusScreen },
  { key: 'case', label: '案例管理', Screen: CasesScreen },
  { key: 'article', label: '文章管理', Screen: ArticlesScreen },
  { key: 'changepwd', label: '修改密码', Screen: PasswordScreen },
  { key: 'keywords', label: '关键词管理', Screen: KeywordsScreen },
  { key: 'header', label: '页头设置', Screen: HeaderScreen },
  { key: 'footer', label: '页脚设置', Screen: FooterScreen },
  { key: 'index', label: '首页设置', Screen: HomeScreen },
  { key: 'about', label: '关于我们', Screen: AboutScreen },
  { key: 'relation', label: '联系方式', Screen: RelationScreen },
  { key: 'leaveword', label: '留言管理', Screen: MessagesScreen },
];
