import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_META, type KeywordRecord } from '@site/shared-types';

export interface SiteMeta {
  /** The site title (company name first), from the `title` keyword record. */
  title: string;
  keywords: string;
  description: string;
}

export interface SiteState {
  meta: SiteMeta;
  /** `keywords` answered code 0 (`loaded`) or the defaults are in use (`fallback`). */
  metaSource: 'initial' | 'loaded' | 'fallback';
}

const initialState: SiteState = { meta: { ...DEFAULT_META }, metaSource: 'initial' };

/** The company name: the title up to its first separator ("云帆科技 - 深圳网站建设…" → "云帆科技"). */
export function siteName(title: string): string {
  return title.split(/\s*[-_|–—]\s*/)[0]?.trim() || title;
}

export const siteSlice = createSlice({
  name: 'site',
  initialState,
  reducers: {
    keywordsLoaded(state, action: PayloadAction<KeywordRecord[]>) {
      const find = (name: string) => action.payload.find((r) => r.keywords === name)?.content.trim();
      state.meta = {
        title: find('title') || DEFAULT_META.title,
        keywords: find('keywords') || DEFAULT_META.keywords,
        description: find('description') || DEFAULT_META.description,
      };
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
