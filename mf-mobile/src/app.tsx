import { MOBILE_ROUTES, type MobileRouteName } from '@site/shared-types';
import { createPrefetch, Provider, read, SiteRoutes, type RemoteProps, type RouteModules } from '@site/platform';
import { NotFoundPage } from './common/page-states';
import { aboutRoute } from './features/about/about.route';
import { casesRoute } from './features/cases/cases.route';
import { contactRoute } from './features/contact/contact.route';
import { contactFormRoute } from './features/contact-form/contact-form.route';
import { caseDetailRoute } from './features/details/case-detail.route';
import { newsDetailRoute } from './features/details/news-detail.route';
import { homeRoute } from './features/home/home.route';
import { serviceItemsRoute } from './features/service-items/service-items.route';
import { servicesRoute } from './features/services/services.route';
import { Layout } from './layout/layout';

/** Every mobile route's module, by route name (docs/behaviour.md#mobile-routes). */
const ROUTES: RouteModules<MobileRouteName> = {
  meindex: homeRoute,
  fwxm: servicesRoute,
  mecase: casesRoute,
  mezhy: aboutRoute,
  meabout: contactFormRoute,
  meus: contactRoute,
  menews: newsDetailRoute,
  medetails: caseDetailRoute,
  meitems: serviceItemsRoute,
};

/** The server render's data and head for any mobile address: the layout's read (the header) and the route's. */
export const prefetch = createPrefetch({
  table: MOBILE_ROUTES,
  modules: ROUTES,
  layout: () => ({ header: read('header') }),
});

/** The mobile site, mounted by the shell under `/move`. */
export default function App({ store }: RemoteProps) {
  return (
    <Provider store={store}>
      <Layout>
        <SiteRoutes table={MOBILE_ROUTES} modules={ROUTES} notFound={<NotFoundPage />} />
      </Layout>
    </Provider>
  );
}

/**
 * Every mobile page registers WeChat sharing and counts a page view as soon as it opens (`layout/wechat.ts`): where
 * those are configured, its code starts at once rather than at the visitor's first reach.
 */
export const startsAtLoad = { wechat: true, analytics: true };

export const release = __RELEASE_LABEL__;
