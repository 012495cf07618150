import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
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

export const injectedMobileSlice = mobileSlice.injectInto(rootReducer);
export const { pageViewed } = mobileSlice.actions;
export const usePageViews = () => useSelector(injectedMobileSlice.selectors.selectPageViews);
