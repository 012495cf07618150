import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '@site/platform';

/** The desktop site's own state, injected into the shell's store when this remote loads. */
export const desktopSlice = createSlice({
  name: 'desktop',
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
export const injectedDesktopSlice = desktopSlice.injectInto(rootReducer, { overrideExisting: true });
export const { pageViewed } = desktopSlice.actions;
export const { selectPageViews } = injectedDesktopSlice.selectors;
