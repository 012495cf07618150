import type { KeywordRecord } from '@site/shared-types';
import { api, apiHydrated } from './api';
import { leadUntouched } from './lead-slice';
import { keywordsLoaded } from './site-slice';
import type { AppStore, RootState } from './store';

/**
 * What a server render hands to the browser: the site meta and the rendering remote's own slices (not the
 * session: the administrator's token lives in the browser only; not the notices; not other remotes' slices), a
 * contact form the server answered (what was typed and why it was not taken), plus the API cache, which goes in
 * through RTK Query's rehydration.
 */
export interface DehydratedState {
  slices: Record<string, unknown>;
  api: unknown;
}

export function dehydrate(state: RootState, remoteSlices: readonly string[] = []): DehydratedState {
  const all = state as RootState & Record<string, unknown>;
  const slices: Record<string, unknown> = { site: state.site };
  if (!leadUntouched(state.lead)) slices.lead = state.lead;
  for (const name of remoteSlices) if (name in all) slices[name] = all[name];
  return { slices, api: state.api };
}

/** The browser's side: the slices as preloaded state; call `hydrateApi` on the new store before rendering. */
export function preloadedFrom(dehydrated: DehydratedState): Partial<RootState> {
  return dehydrated.slices;
}

export function hydrateApi(store: AppStore, dehydrated: DehydratedState): void {
  store.dispatch(apiHydrated(dehydrated.api));
}

/**
 * The keyword records the server read: into the meta and the API cache (the browser's start-up call is then a hit),
 * as an entry put in at once rather than through a query's request cycle.
 */
export function seedKeywords(store: AppStore, records: KeywordRecord[]): Promise<void> {
  store.dispatch(keywordsLoaded(records));
  store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'keywords', arg: undefined, value: records }]));
  return Promise.resolve();
}

/** Waits for every query a prefetch started (including ones it did not await). */
export async function settleQueries(store: AppStore): Promise<void> {
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
}

/**
 * After a server render: the cache entries' removal timers (RTK Query keeps unused data 60 s) would keep the
 * request's store alive; resetting the API state clears them at once.
 */
export function releaseStore(store: AppStore): void {
  store.dispatch(api.util.resetApiState());
}

/** The data of a query a prefetch started (`undefined` when it failed: the page shows its own error state). */
export function queryData<T>(request: PromiseLike<{ data?: T }>): Promise<T | undefined> {
  return Promise.resolve(request).then((result) => result.data);
}
