import { DESKTOP_ROUTES, type DesktopRouteName } from '@site/shared-types';
import { createPrefetch, Provider, read, SiteRoutes, type RemoteProps, type RouteModules } from '@site/platform';
import { NotFoundPage } from './common/page-states';
import { aboutRoute } from './features/about/about.route';
import { caseDetailRoute } from './features/details/case-detail.route';
import { newsDetailRoute } from './features/details/news-detail.route';
import { homeRoute } from './features/home/home.route';
import { newsListRoute } from './features/news-list/news-list.route';
import { searchRoute } from './features/search/search.route';
import { serviceItemsRoute } from './features/service-items/service-items.route';
import { webcaseRoute } from './features/webcase/webcase.route';
import { Layout } from './layout/layout';
import { desktopSlice } from './layout/search-slice';

/** Every desktop route's module, by route name (docs/behaviour.md#desktop-routes). */
const ROUTES: RouteModules<DesktopRouteName> = {
  index: homeRoute,
  about: aboutRoute,
  items: serviceItemsRoute,
  search: searchRoute,
  itemnews: newsListRoute,
  details: caseDetailRoute,
  news: newsDetailRoute,
  webcase: webcaseRoute,
};

/** The server render's data and head for any desktop address: the layout's reads and the route's. */
export const prefetch = createPrefetch({
  table: DESKTOP_ROUTES,
  modules: ROUTES,
  layout: () => ({ header: read('header'), footer: read('footer') }),
});

/** Handed to the browser with a server render (see the platform's `RemoteModule`). */
export const stateSlices = [desktopSlice.reducerPath];

/** The desktop site, mounted by the shell under `/`. */
export default function App({ store }: RemoteProps) {
  return (
    <Provider store={store}>
      <Layout>
        <SiteRoutes table={DESKTOP_ROUTES} modules={ROUTES} notFound={<NotFoundPage />} />
      </Layout>
    </Provider>
  );
}

export const release = __RELEASE_LABEL__;
