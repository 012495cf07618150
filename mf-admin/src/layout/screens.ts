import { lazy, type ComponentType } from 'react';

/** A screen's code is fetched when it is first opened: the login page carries none of it (docs/decisions.md). */
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/**
 * The screens of `/admin/index/<key>`, in the side menu's order (docs/behaviour.md#admin-routes): the five original
 * entries first (menus to keywords), Baidu's link push beside the keywords (both are about search engines), then the
 * editors of what the public sites show, the leads and where new ones are sent, the media library (the pictures all
 * of those use), the recycle bin, then the remote releases and what visitors met with them (about the site's code, not its content). The route
 * tree and the side menu both come from here.
 */
export const SCREENS: readonly { key: string; label: string; Screen: ComponentType }[] = [
  {
    key: 'menu',
    label: '菜单管理',
    Screen: screen(() => import(/* webpackChunkName: "screen-menus" */ '../features/menus/menus'), 'MenusScreen'),
  },
  {
    key: 'case',
    label: '案例管理',
    Screen: screen(() => import(/* webpackChunkName: "screen-cases" */ '../features/cases/cases'), 'CasesScreen'),
  },
  {
    key: 'article',
    label: '文章管理',
    Screen: screen(
      () => import(/* webpackChunkName: "screen-articles" */ '../features/articles/articles'),
      'ArticlesScreen',
    ),
  },
  {
    key: 'changepwd',
    label: '修改密码',
    Screen: screen(
      () => import(/* webpackChunkName: "screen-password" */ '../features/password/password'),
      'PasswordScreen',
    ),
  },
  {
    key: 'keywords',
    label: '关键词管理',
    Screen: screen(
      () => import(/* webpackChunkName: "screen-keywords" */ '../features/keywords/keywords'),
      'KeywordsScreen',
    ),
  },
  {
    key: 'baidupush',
    label: '百度推送',
    Screen: screen(
      () => import(/* webpackChunkName: "screen-baidu-push" */ '../features/baidu-push/baidu-push'),
      'BaiduPushScreen',
    ),
  },
  {
    key: 'header',
    label: '页头设置',
    Screen: screen(
      () => import(/* webpackChunkName: "screen-header" */ '../features/site-blocks/header'),
      'HeaderScreen',
    ),
  },
  {
    key: 'footer',
    label: '页脚设置',
    Screen: screen(
      () => import(/* webpackChunkName: "screen-footer" */ '../features/site-blocks/footer'),
      'FooterScreen',
    ),
  },
  {
    key: 'index',
    label: '首页设置',
    Screen: screen(() => import(/* webpackChunkName: "screen-home" */ '../features/site-blocks/home'), 'HomeScreen'),
  },
  {
    key: 'about',
    label: '关于我们',
    Screen: screen(() => import(/* webpackChunkName: "screen-about" */ '../features/site-blocks/about'), 'AboutScreen'),
  },
  {
    key: 'relation',
    label: '联系方式',
    Screen: screen(
      () => import(/* webpackChunkName: "screen-relation" */ '../features/site-blocks/relation'),
      'RelationScreen',
    ),
  },
  {
    key: 'leaveword',
    label: '留言管理',
    Screen: screen(
      () => import(/* webpackChunkName: "screen-messages" */ '../features/messages/messages'),
      'MessagesScreen',
    ),
  },
  {
    key: 'notify',
    label: '通知设置',
    Screen: screen(() => import(/* webpackChunkName: "screen-notify" */ '../features/notify/notify'), 'NotifyScreen'),
  },
  {
    key: 'media',
    label: '媒体库',
    Screen: screen(() => import(/* webpackChunkName: "screen-media" */ '../features/media/media'), 'MediaScreen'),
  },
  {
    key: 'trash',
    label: '回收站',
    Screen: screen(() => import(/* webpackChunkName: "screen-trash" */ '../features/trash/trash'), 'TrashScreen'),
  },
  {
    key: 'releases',
    label: '版本发布',
    Screen: screen(
      () => import(/* webpackChunkName: "screen-releases" */ '../features/releases/releases'),
      'ReleasesScreen',
    ),
  },
  {
    key: 'vitals',
    label: '访问体验',
    Screen: screen(() => import(/* webpackChunkName: "screen-vitals" */ '../features/vitals/vitals'), 'VitalsScreen'),
  },
];
