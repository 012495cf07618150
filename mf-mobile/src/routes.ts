/** The mobile site's routes (spec §2 "Mobile routes"), all under `/move/`. */
export const MOBILE_ROUTES = [
  { name: 'meindex', path: '/move/index.html' },
  { name: 'fwxm', path: '/move/fwxm' },
  { name: 'mecase', path: '/move/case.html' },
  { name: 'mezhy', path: '/move/zhy.html' },
  { name: 'meabout', path: '/move/about.html' },
  { name: 'meus', path: '/move/us.html' },
  { name: 'menews', path: '/move/news/:id' },
  { name: 'medetails', path: '/move/details/:id' },
  { name: 'meitems', path: '/move/items/:id' },
] as const;
