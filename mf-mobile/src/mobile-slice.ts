import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '@site/platform';

/** The mobile site's own state, injected into the shell's store when this remote loads. */
export const mobileSlice = createSlice({
  name: 'mobile',
  initialState: { pageViews: 0, lastPath: '' },
  reducers: {
    pageViewed(state, action: PayloadAction<string>) {
      state.pageViews += 1;
      state.lastPath = action.payload;
    },
  },
  selectors: {
    selectPageViews: (state) => state.pageViews,
  },
});

// overrideExisting: a newer release of this remote (loaded without a restart) brings its own reducer.
export const injectedMobileSlice = mobileSlice.injectInto(rootReducer, { overrideExisting: true });
export const { pageViewed } = mobileSlice.actions;
