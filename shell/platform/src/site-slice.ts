import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_META, siteMetaFrom, siteName, type KeywordRecord, type SiteMeta } from '@site/shared-types';

export type { SiteMeta };

export interface SiteState {
  meta: SiteMeta;
  /** `keywords` answered code 0 (`loaded`) or the defaults are in use (`fallback`). */
  metaSource: 'initial' | 'loaded' | 'fallback';
}

const initialState: SiteState = { meta: { ...DEFAULT_META }, metaSource: 'initial' };

export const siteSlice = createSlice({
  name: 'site',
  initialState,
  reducers: {
    keywordsLoaded(state, action: PayloadAction<KeywordRecord[]>) {
      state.meta = siteMetaFrom(action.payload);
      state.metaSource = 'loaded';
    },
    keywordsFailed(state) {
      state.meta = { ...DEFAULT_META };
      state.metaSource = 'fallback';
    },
  },
  selectors: {
    selectMeta: (state) => state.meta,
    selectSiteName: (state) => siteName(state.meta.title),
  },
});

export const { keywordsLoaded, keywordsFailed } = siteSlice.actions;
export const { selectMeta, selectSiteName } = siteSlice.selectors;
