export {
  api,
  apiHydrated,
  envelopeBaseQuery,
  ADMIN_LOGIN_PATH,
  type ApiError,
  type ApiExtra,
  type ApiMeta,
  type ApiRequest,
} from './api';
export { navigateTo, registerNavigator } from './navigation';
export { NotFound } from './not-found';
export type { Prefetch, PrefetchContext, RemoteModule, RemoteProps } from './remote-contract';
export { readSiteConfig } from './remote-contract';
export { selectToken, sessionSlice, tokenCleared, tokenReceived, type SessionState } from './session-slice';
export {
  keywordsFailed,
  keywordsLoaded,
  selectMeta,
  selectSiteName,
  siteSlice,
  type SiteMeta,
  type SiteState,
} from './site-slice';
export {
  createAppStore,
  rootReducer,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  type AppDispatch,
  type AppStore,
  type LazyLoadedSlices,
  type RootState,
} from './store';
export { dismiss, notify, selectNotices, uiSlice, type Notice } from './ui-slice';
export { leadFieldId, useLeadForm, type LeadForm } from './lead-form';
export type { LeadOutcome } from '@site/shared-types';
export { LeadHoneypot } from './lead-honeypot';
export {
  leadAnswered,
  leadChecked,
  leadDismissed,
  leadRestored,
  leadSlice,
  leadTyped,
  leadUntouched,
  selectLeadDraft,
  selectLeadForm,
  type LeadState,
} from './lead-slice';
export { usePageHead, usePageTitle } from './use-page-title';
export {
  createPrefetch,
  defineRoute,
  read,
  SiteRoutes,
  skipRead,
  usePageLoader,
  useRouteData,
  type LayoutReads,
  type LoadedData,
  type QueryName,
  type ReadState,
  type RouteModule,
  type RouteModules,
  type RouteParams,
  type RouteRead,
  type RouteReads,
  type RouteState,
} from './route-module';
export { BackToTop, type BackToTopProps } from './back-to-top';
export { publicApi } from './public-api';
export {
  dehydrate,
  hydrateApi,
  preloadedFrom,
  queryData,
  releaseStore,
  seedKeywords,
  settleQueries,
  type DehydratedState,
} from './server-state';
export { InfiniteList, type InfiniteListProps } from './infinite-list';
export { animateScrollTo, useScrolledPast } from './scroll';
export { useAdoptedFromServer, useHydrating } from './hydrating';
export { useTakeOverFields } from './take-over-fields';
export { useModuleOnDemand, type OnDemandOptions } from './on-demand';
export { island, islandsReady } from './island';
export {
  CAROUSEL_LEAD_MS,
  startOnDemandCarousel,
  useOnDemandCarousel,
  type AutoplayingCarousel,
  type CarouselHandOver,
} from './on-demand-carousel';
export { PlainCarousel, type PlainSlide } from './plain-carousel';
export * from './router';
export * from './redux';
