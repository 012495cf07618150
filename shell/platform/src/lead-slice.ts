import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { EMPTY_LEAD, type LeadErrors, type LeadField, type LeadFormState, type LeadOutcome } from '@site/shared-types';

export type LeadState = LeadFormState;

const initialState: LeadState = { draft: EMPTY_LEAD, errors: {}, outcome: null };

/**
 * A contact form (docs/behaviour.md#contact-form) in the one store: what a visitor has typed (it survives leaving
 * the form for another page and coming back within the visit, and is cleared once the lead is sent), each wrong
 * field's message and the last outcome. The server fills it in for a form sent without the application that it did
 * not take (`leadRestored`), and the page it renders hands it over. Both public sites' forms keep it here
 * (`useLeadForm`).
 */
export const leadSlice = createSlice({
  name: 'lead',
  initialState,
  reducers: {
    leadTyped(state, action: PayloadAction<{ field: LeadField; value: string }>) {
      state.draft[action.payload.field] = action.payload.value;
      delete state.errors[action.payload.field];
    },
    leadChecked(state, action: PayloadAction<LeadErrors>) {
      state.errors = action.payload;
      state.outcome = null;
    },
    leadAnswered(state, action: PayloadAction<LeadOutcome>) {
      state.outcome = action.payload;
      if (action.payload.kind === 'ok') state.draft = EMPTY_LEAD;
    },
    /** The outcome is put away: a form that showed its success panel shows its fields again. */
    leadDismissed(state) {
      state.outcome = null;
    },
    leadRestored(_state, action: PayloadAction<LeadFormState>) {
      return action.payload;
    },
  },
  selectors: {
    selectLeadForm: (state) => state,
    selectLeadDraft: (state) => state.draft,
  },
});

export const { leadTyped, leadChecked, leadAnswered, leadDismissed, leadRestored } = leadSlice.actions;
export const { selectLeadForm, selectLeadDraft } = leadSlice.selectors;

/** Whether the form is as a new visit finds it (the server then hands nothing of it over). */
export const leadUntouched = (state: LeadState): boolean =>
  state.outcome === null && Object.keys(state.errors).length === 0 && Object.values(state.draft).every((v) => v === '');
