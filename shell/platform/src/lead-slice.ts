import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { EMPTY_LEAD, type LeadDraft, type LeadField } from '@site/shared-types';

export interface LeadState {
  draft: LeadDraft;
}

/**
 * What a visitor has typed into a contact form (docs/behaviour.md#contact-form), in the one store: it survives
 * leaving the form for another page and coming back within the visit, and is cleared once the lead is sent.
 * Both public sites' forms keep it here (`useLeadForm`).
 */
export const leadSlice = createSlice({
  name: 'lead',
  initialState: { draft: EMPTY_LEAD },
  reducers: {
    leadTyped(state, action: PayloadAction<{ field: LeadField; value: string }>) {
      state.draft[action.payload.field] = action.payload.value;
    },
    leadSent(state) {
      state.draft = EMPTY_LEAD;
    },
  },
  selectors: {
    selectLeadDraft: (state) => state.draft,
  },
});

export const { leadTyped, leadSent } = leadSlice.actions;
export const { selectLeadDraft } = leadSlice.selectors;
