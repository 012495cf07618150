/** The back office's routes (spec §2 "Admin routes"): the login screen and the shell's children. */
export const ADMIN_LOGIN_ROUTE = '/admin/';
export const ADMIN_SHELL_ROUTE = '/admin/index';
export const ADMIN_CHILD_ROUTES = [
  'menu',
  'case',
  'article',
  'changepwd',
  'header',
  'footer',
  'index',
  'about',
  'relation',
  'leaveword',
  'keywords',
] as const;
/** The shell's default child. */
export const ADMIN_DEFAULT_CHILD = 'case';
