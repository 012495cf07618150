import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const TOKEN_STORAGE_KEY = 'token';

/** The administrator's token, mirrored to sessionStorage by the store (docs/behaviour.md#admin-session). */
export interface SessionState {
  token: string | null;
}

export function readStoredToken(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ({ token: readStoredToken() }),
  reducers: {
    tokenReceived(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    tokenCleared(state) {
      state.token = null;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
  },
});

export const { tokenReceived, tokenCleared } = sessionSlice.actions;
export const { selectToken } = sessionSlice.selectors;
