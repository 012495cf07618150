import { createContext, useContext, useRef, type ComponentType, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { shallowEqual } from 'react-redux';
import { Route, Routes, useLocation } from './router';
import {
  matchSiteRoute,
  NOT_FOUND_HEAD,
  ResultCode,
  type ApiCall,
  type PageHead,
  type Paged,
  type SiteRoute,
} from '@site/shared-types';
import type { ApiRequest } from './api';
import type { Prefetch } from './remote-contract';
import { publicApi, publicQueries } from './public-api';
import { useAppDispatch, type AppDispatch, type AppStore } from './store';
import { usePageHead, usePageTitle } from './use-page-title';

/**
 * Route modules (docs/architecture.md "Route modules"): each public route is declared once, by its feature, as
 * its page component, the reads its first view needs (`load`) and its head computed from what was read. The
 * server render (`createPrefetch`), the browser's route tree (`SiteRoutes`) and the document title all derive
 * from these modules.
 */

type Endpoints = typeof publicApi.endpoints;
/** The public client's queries (not its mutations). */
export type QueryName = {
  [K in keyof Endpoints]: Endpoints[K] extends { useQuery: unknown } ? K : never;
}[keyof Endpoints];
type ArgOf<K extends QueryName> = Endpoints[K]['Types']['QueryArg'];
type DataOf<K extends QueryName> = Endpoints[K]['Types']['ResultType'];

/** One read of the shared API client, by endpoint name and argument (`skipToken`: not needed at this address). */
export interface RouteRead<Data> {
  endpoint: QueryName;
  arg: unknown;
  /** Phantom: the type of the data this read answers. */
  readonly data?: Data;
}

export function read<K extends QueryName>(
  endpoint: K,
  ...arg: ArgOf<K> extends void ? [] : [ArgOf<K>]
): RouteRead<DataOf<K>> {
  return { endpoint, arg: arg[0] };
}

/** A read this address of the route does not need (the key and its endpoint stay, so the page's hooks do). */
export function skipRead<K extends QueryName>(endpoint: K): RouteRead<DataOf<K>> {
  return { endpoint, arg: skipToken };
}

export type RouteReads = Record<string, RouteRead<unknown>>;

/** What each read holds once loaded (`undefined` while loading, when it failed, or when it was not needed). */
export type LoadedData<Reads extends RouteReads> = {
  [K in keyof Reads]: Reads[K] extends RouteRead<infer Data> ? Data | undefined : undefined;
};

/** A read's state as a page sees it. */
export interface ReadState<Data> {
  data: Data | undefined;
  /** The data for the current argument only (`data` keeps the previous argument's while the new one loads). */
  currentData: Data | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => void;
}

export type RouteState<Reads extends RouteReads> = {
  [K in keyof Reads]: ReadState<Reads[K] extends RouteRead<infer Data> ? Data : never>;
};

/** Where a route is: its `{id}.html` parameter and the query string. */
export interface RouteParams {
  id: number | null;
  query: URLSearchParams;
}

export interface RouteModule<Name extends string = string, Reads extends RouteReads = RouteReads> {
  name: Name;
  Page: ComponentType;
  /** The reads the first view needs: the same keys for every address of the route (hooks follow them). */
  load: (params: RouteParams) => Reads;
  /** The page's head from what was read; `status: 404` when the address names nothing. */
  head: (data: LoadedData<Reads>, params: RouteParams) => PageHead;
}

/** A route module, typed by its reads (the page then reads them with `useRouteData(module)`). */
export function defineRoute<Name extends string, Reads extends RouteReads>(
  module: RouteModule<Name, Reads>,
): RouteModule<Name, Reads> {
  return module;
}

/** Reads that do not depend on the route: the layout's (header, footer). */
export type LayoutReads = () => RouteReads;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table holds modules of every reads shape
type AnyRouteModule = RouteModule<string, any>;
export type RouteModules<Name extends string> = { [N in Name]: AnyRouteModule };

function paramsOf(path: string, search: string): RouteParams {
  return { id: matchSiteRoute(path)?.id ?? null, query: new URLSearchParams(search) };
}

const RouteData = createContext<Record<string, ReadState<unknown>> | null>(null);

/** The reads of the page's route module, as loaded (for the page component and what it renders). */
export function useRouteData<Reads extends RouteReads>(_module: RouteModule<string, Reads>): RouteState<Reads> {
  const data = useContext(RouteData);
  if (!data) throw new Error('useRouteData outside a route of SiteRoutes');
  return data as RouteState<Reads>;
}

/** Subscribes to one read; the reads (keys and endpoints) are fixed per route module. */
function useRead(entry: RouteRead<unknown>): ReadState<unknown> {
  const endpoint = publicApi.endpoints[entry.endpoint] as unknown as {
    useQuery: (arg: unknown) => ReadState<unknown>;
  };
  const state = endpoint.useQuery(entry.arg);
  return {
    data: state.data,
    currentData: state.currentData,
    isLoading: state.isLoading,
    isFetching: state.isFetching,
    isError: state.isError,
    refetch: state.refetch,
  };
}

/**
 * The reads' states, the same object as long as no field of any changed: the page's context changes only with
 * its data. A context that changes reaches every island of the page not adopted yet, which React would then have
 * to adopt or render anew without its code (docs/decisions.md "Islands").
 */
function useUnchanged(states: Record<string, ReadState<unknown>>): Record<string, ReadState<unknown>> {
  const kept = useRef(states);
  const before = kept.current;
  const same =
    Object.keys(states).length === Object.keys(before).length &&
    Object.entries(states).every(([key, state]) => before[key] !== undefined && shallowEqual(state, before[key]));
  if (!same) kept.current = states;
  return kept.current;
}

function RouteView({ module }: { module: AnyRouteModule }) {
  const { pathname, search } = useLocation();
  const params = paramsOf(pathname, search);
  const reads = module.load(params) as RouteReads;
  const read: Record<string, ReadState<unknown>> = {};
  // Hooks in a loop: a module's load answers the same keys every time, and each route has its own RouteView.
  for (const [key, entry] of Object.entries(reads)) read[key] = useRead(entry);
  const states = useUnchanged(read);
  const loaded = Object.fromEntries(Object.entries(states).map(([key, state]) => [key, state.data]));
  // While a first read is on its way (client navigation) nothing is known yet: the site title, not the head's
  // not-found, which is for an item that turned out not to exist.
  const waiting = Object.values(states).some((state) => state.isLoading);
  usePageHead(waiting ? { title: null } : module.head(loaded as never, params));
  const Page = module.Page;
  return (
    <RouteData.Provider value={states}>
      <Page />
    </RouteData.Provider>
  );
}

/** An address outside the route table: the face's not-found page, titled as such. */
function NotFoundView({ children }: { children: ReactNode }) {
  usePageTitle(NOT_FOUND_HEAD.title);
  return children;
}

/**
 * A face's route table (`DESKTOP_ROUTES`, `MOBILE_ROUTES`) as `<Routes>`: each path renders its module's page
 * with the module's reads loaded and its title set; any other path renders `notFound`.
 */
export function SiteRoutes<Name extends string>({
  table,
  modules,
  notFound,
}: {
  table: readonly SiteRoute<Name>[];
  modules: RouteModules<Name>;
  notFound: ReactNode;
}) {
  // The router reads `//about.html` as `/about.html`; the site's table says it names nothing.
  const { pathname } = useLocation();
  if (!matchSiteRoute(pathname)) return <NotFoundView>{notFound}</NotFoundView>;
  return (
    <Routes>
      {table.map((route) => {
        const module = modules[route.name];
        const element = <RouteView key={route.name} module={module} />;
        return route.path === '/' ? (
          <Route key={route.path} index element={element} />
        ) : (
          <Route key={route.path} path={route.path.slice(1)} element={element} />
        );
      })}
      <Route path="*" element={<NotFoundView>{notFound}</NotFoundView>} />
    </Routes>
  );
}

/** A read's data as a page gets it: `undefined` for a read that failed or was skipped. */
type ReadData = Record<string, unknown>;

/**
 * Runs groups of reads into a store and waits for their data, a record per group. On the server, whose store
 * answers reads in-process, each read is made at once and every answer goes into the API cache in one action
 * (what RTK Query's request cycle would leave there, without an action and a reducer pass per step of every
 * read); a read the server refuses or that fails goes through RTK Query as in the browser, so it is kept and
 * shown the same way.
 */
async function runReads(store: AppStore, groups: RouteReads[]): Promise<ReadData[]> {
  const call = store.dispatch((_dispatch, _getState, extra) => extra.call);
  const reads = groups.flatMap((reads, group) =>
    Object.entries(reads)
      .filter(([, entry]) => entry.arg !== skipToken)
      .map(([key, entry]) => ({ group, key, entry })),
  );
  const answers = call ? await Promise.all(reads.map(({ entry }) => answerOf(call, entry))) : reads.map(() => failed);
  const made = reads.flatMap(({ entry }, at) =>
    answers[at] === failed ? [] : [{ endpointName: entry.endpoint, arg: entry.arg, value: answers[at] }],
  );
  if (made.length > 0) {
    store.dispatch(publicApi.util.upsertQueryEntries(made as Parameters<typeof publicApi.util.upsertQueryEntries>[0]));
  }
  const data = await Promise.all(
    reads.map(async ({ entry }, at) => (answers[at] === failed ? readThroughApi(store, entry) : answers[at])),
  );
  const results = groups.map((reads): ReadData =>
    Object.fromEntries(Object.keys(reads).map((key) => [key, undefined])),
  );
  reads.forEach(({ group, key }, at) => (results[group]![key] = data[at]));
  return results;
}

/** Marks a read the server did not answer with data. */
const failed = Symbol('failed');

/** The data of a read answered in-process, as the API client's base query would take it from the envelope. */
async function answerOf(call: ApiCall, entry: RouteRead<unknown>): Promise<unknown> {
  const query = (publicQueries as Partial<Record<QueryName, (arg: unknown) => ApiRequest>>)[entry.endpoint];
  if (!query) return failed;
  const request = query(entry.arg);
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  try {
    const envelope = await call({ path: request.path, method, body: request.body });
    return envelope.code === ResultCode.Ok ? envelope.data : failed;
  } catch {
    return failed;
  }
}

/** A read through RTK Query's request cycle (its thunk's result): the data, or `undefined` when it failed. */
async function readThroughApi(store: AppStore, entry: RouteRead<unknown>): Promise<unknown> {
  const endpoint = publicApi.endpoints[entry.endpoint] as unknown as {
    initiate: (arg: unknown, options: { subscribe: false }) => Parameters<AppDispatch>[0];
  };
  // A query's thunk: dispatching it answers a promise of its result.
  const dispatch = store.dispatch as (action: Parameters<AppDispatch>[0]) => Promise<{ data?: unknown }>;
  return (await dispatch(endpoint.initiate(entry.arg, { subscribe: false }))).data;
}

/**
 * The server render's data step for a face, derived from its route modules: the layout's reads and the
 * route's reads go into the request's store (the browser adopts them), and the route's head is answered, with
 * status 404 for an address that matches no route or whose item does not exist.
 */
export function createPrefetch<Name extends string>(options: {
  table: readonly SiteRoute<Name>[];
  modules: RouteModules<Name>;
  layout: LayoutReads;
}): Prefetch {
  return async ({ path, search, store, match: matched }) => {
    const match = matched === undefined ? matchSiteRoute(path) : matched;
    // Compared by value: the remote's route table and the platform's may be separate copies of shared-types.
    const route =
      match && options.table.find((entry) => entry.path === match.route.path && entry.face === match.route.face);
    const module = route ? options.modules[route.name] : null;
    if (!module) {
      await runReads(store, [options.layout()]);
      return { status: 200, ...NOT_FOUND_HEAD };
    }
    const params = paramsOf(path, search);
    const [, data] = await runReads(store, [options.layout(), module.load(params) as RouteReads]);
    return { status: 200, ...module.head(data as never, params) };
  };
}

/**
 * The next pages of an infinite list from one of the client's list reads: `argFor(page)` is the read's argument
 * for cursor `page`. A new function each render is fine: the list always calls the latest.
 */
export function usePageLoader<K extends QueryName, T>(
  endpoint: K,
  argFor: (page: number) => ArgOf<K>,
): (page: number) => Promise<Paged<T>> {
  const dispatch = useAppDispatch();
  return (page) => {
    const initiate = publicApi.endpoints[endpoint].initiate as unknown as (
      arg: unknown,
      options: { subscribe: false },
    ) => Parameters<AppDispatch>[0];
    const request = dispatch(initiate(argFor(page), { subscribe: false })) as unknown as {
      unwrap(): Promise<Paged<T>>;
    };
    return request.unwrap();
  };
}
