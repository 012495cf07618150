import { createSlice, rootReducer, type PayloadAction, type RootState } from '@site/platform';

export type LeadField = 'name' | 'phone' | 'email' | 'address' | 'content';
export type LeadDraft = Record<LeadField, string>;

interface MobileState {
  leadDraft: LeadDraft;
}

export const EMPTY_DRAFT: LeadDraft = { name: '', phone: '', email: '', address: '', content: '' };

const initialState: MobileState = { leadDraft: EMPTY_DRAFT };

/**
 * The mobile site's own state: what a visitor has typed into the contact form (docs/behaviour.md#contact-form).
 * Kept in the one store, so it survives leaving the form for another page and coming back within the visit;
 * cleared once the lead is sent.
 */
export const mobileSlice = createSlice({
  name: 'mobile',
  initialState,
  reducers: {
    draftTyped(state, action: PayloadAction<{ field: LeadField; value: string }>) {
      state.leadDraft[action.payload.field] = action.payload.value;
    },
    draftSent(state) {
      state.leadDraft = EMPTY_DRAFT;
    },
  },
});

// overrideExisting: a newer release of this remote (loaded without a restart) brings its own reducer.
mobileSlice.injectInto(rootReducer, { overrideExisting: true });
export const { draftTyped, draftSent } = mobileSlice.actions;

/** The store's type does not know the slices remotes inject: this one is read by its name. */
export const selectLeadDraft = (state: RootState): LeadDraft =>
  (state as RootState & { mobile?: MobileState }).mobile?.leadDraft ?? EMPTY_DRAFT;
