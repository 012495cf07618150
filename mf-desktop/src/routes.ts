/** The desktop site's routes (spec §2 "Desktop routes", history mode); `:id` has the form `{id}.html`. */
export const DESKTOP_ROUTES = [
  { name: 'index', path: '/' },
  { name: 'about', path: '/about.html' },
  { name: 'items', path: '/items/:id' },
  { name: 'itemnews', path: '/itemnews.html' },
  { name: 'details', path: '/details/:id' },
  { name: 'news', path: '/news/:id' },
  { name: 'webcase', path: '/webcase/:id' },
] as const;
