import { createSlice, rootReducer, type PayloadAction, type RootState } from '@site/platform';

interface SearchState {
  searchOpen: boolean;
  keyword: string | null;
}

const initialState: SearchState = { searchOpen: false, keyword: null };

/**
 * The header search (docs/behaviour.md#search-box): closed (the menu list shows) or open (the input
 * shows), and what has been typed (`null` until something is: the input then shows the address's keyword).
 * Kept in the one store, so it survives page changes like the rest of the layout.
 */
export const desktopSlice = createSlice({
  name: 'desktop',
  initialState,
  reducers: {
    searchOpened(state) {
      state.searchOpen = true;
    },
    searchClosed(state) {
      state.searchOpen = false;
    },
    keywordTyped(state, action: PayloadAction<string>) {
      state.keyword = action.payload;
    },
  },
});

// overrideExisting: a newer release of this remote (loaded without a restart) brings its own reducer.
desktopSlice.injectInto(rootReducer, { overrideExisting: true });
export const { searchOpened, searchClosed, keywordTyped } = desktopSlice.actions;

/** The store's type does not know the slices remotes inject: this one is read by its name. */
export const selectSearch = (state: RootState): SearchState =>
  (state as RootState & { desktop?: SearchState }).desktop ?? initialState;
