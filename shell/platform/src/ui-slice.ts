import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export interface Notice {
  id: string;
  text: string;
  kind: 'info' | 'success' | 'error';
}

/**
 * Short messages shown by the shell (the notices of docs/behaviour.md#how-messages-are-shown): the API client's
 * refusals, remotes' confirmations.
 */
export const uiSlice = createSlice({
  name: 'ui',
  initialState: { notices: [] as Notice[] },
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<Notice>) {
        state.notices = [...state.notices.slice(-4), action.payload];
      },
      prepare(text: string, kind: Notice['kind'] = 'info') {
        return { payload: { id: nanoid(), text, kind } };
      },
    },
    dismiss(state, action: PayloadAction<string>) {
      state.notices = state.notices.filter((n) => n.id !== action.payload);
    },
  },
  selectors: {
    selectNotices: (state) => state.notices,
  },
});

export const { notify, dismiss } = uiSlice.actions;
export const { selectNotices } = uiSlice.selectors;
