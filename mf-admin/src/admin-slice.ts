import { createSlice, rootReducer, useSelector, type PayloadAction } from '@site/platform';

/** The back office's own state, injected into the shell's store when this remote loads. */
export const adminSlice = createSlice({
  name: 'admin',
  initialState: { sideMenuCollapsed: false, unsaved: false },
  reducers: {
    sideMenuToggled(state) {
      state.sideMenuCollapsed = !state.sideMenuCollapsed;
    },
    sideMenuCollapsedSet(state, action: PayloadAction<boolean>) {
      state.sideMenuCollapsed = action.payload;
    },
    /** The screen shown has edits that are not saved (leaving it asks first). */
    unsavedChanged(state, action: PayloadAction<boolean>) {
      state.unsaved = action.payload;
    },
  },
  selectors: {
    selectCollapsed: (state) => state.sideMenuCollapsed,
    selectUnsaved: (state) => state.unsaved,
  },
});

export const injectedAdminSlice = adminSlice.injectInto(rootReducer);
export const { sideMenuToggled, sideMenuCollapsedSet, unsavedChanged } = adminSlice.actions;
export const useSideMenuCollapsed = () => useSelector(injectedAdminSlice.selectors.selectCollapsed);
export const useUnsaved = () => useSelector(injectedAdminSlice.selectors.selectUnsaved);
