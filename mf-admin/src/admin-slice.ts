import { createSlice } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import { rootReducer } from '@site/platform';

/** The back office's own state, injected into the shell's store when this remote loads. */
export const adminSlice = createSlice({
  name: 'admin',
  initialState: { sideMenuCollapsed: false },
  reducers: {
    sideMenuToggled(state) {
      state.sideMenuCollapsed = !state.sideMenuCollapsed;
    },
  },
  selectors: {
    selectCollapsed: (state) => state.sideMenuCollapsed,
  },
});

export const injectedAdminSlice = adminSlice.injectInto(rootReducer);
export const { sideMenuToggled } = adminSlice.actions;
export const useSideMenuCollapsed = () => useSelector(injectedAdminSlice.selectors.selectCollapsed);
