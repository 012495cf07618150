// The router, for the shell and every remote. react-router is not shared as a package of its own: it travels
// inside this (shared, singleton) package, so the browser gets the one router instance every app renders with,
// tree-shaken to what is exported here (about 12 KB brotli instead of the whole package's 52 KB). An app imports
// routing from '@site/platform' only (ESLint refuses 'react-router' and 'react-router-dom' elsewhere: a second
// copy would have a router context of its own). A remote that needs another export adds it here, and then needs a
// shell built with it, like any addition to the platform.
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  UNSAFE_LocationContext,
  useLocation,
  useNavigate,
  type LinkProps,
  type NavigateFunction,
} from 'react-router';
