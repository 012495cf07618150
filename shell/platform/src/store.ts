import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api, type ApiExtra } from './api';
import { leadSlice } from './lead-slice';
import { sessionSlice, TOKEN_STORAGE_KEY } from './session-slice';
import { siteSlice } from './site-slice';
import { uiSlice } from './ui-slice';

/** Slices the remotes add when they load (`slice.injectInto(rootReducer)`); each remote augments this. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/**
 * The shell's state stays tiny (meta, session, notices, a contact form's draft); remotes inject their own,
 * prefixed by their name.
 */
export const rootReducer = combineSlices(
  siteSlice,
  sessionSlice,
  uiSlice,
  leadSlice,
  api,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(
  options: { preloadedState?: Partial<RootState>; apiBase?: string; call?: ApiExtra['call'] } = {},
) {
  const extra: ApiExtra = { apiBase: options.apiBase ?? '', call: options.call };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
  if (typeof sessionStorage !== 'undefined') {
    let last = store.getState().session.token;
    store.subscribe(() => {
      const token = store.getState().session.token;
      if (token === last) return;
      last = token;
      try {
        if (token) sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
        else sessionStorage.removeItem(TOKEN_STORAGE_KEY);
      } catch {
        // private mode without storage: the session lasts as long as the page
      }
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
