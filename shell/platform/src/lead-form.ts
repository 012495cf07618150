import { useState, type FormEvent } from 'react';
import {
  LEAD_FIELDS,
  LEAD_TEXTS,
  leadRequest,
  validateLead,
  type LeadDraft,
  type LeadErrors,
  type LeadField,
} from '@site/shared-types';
import type { ApiError } from './api';
import { leadSent, leadTyped, selectLeadDraft } from './lead-slice';
import { publicApi } from './public-api';
import { useLocation } from './router';
import { useAppDispatch, useAppSelector } from './store';
import { useTakeOverFields } from './take-over-fields';
import { notify } from './ui-slice';

/** The id of a contact form's field (its label's `htmlFor`, the focus target of its error). */
export const leadFieldId = (field: LeadField | 'website'): string => `lead-${field}`;

export interface LeadOutcome {
  kind: 'ok' | 'error';
  text: string;
}

export interface LeadForm {
  /** What is typed (kept in the store until sent). */
  values: LeadDraft;
  /** Each wrong field's message, after a submit; a field's goes when it is edited. */
  errors: LeadErrors;
  /** The answer of the last submit: success, the server's refusal (its msg), or a failed request. */
  outcome: LeadOutcome | null;
  sending: boolean;
  /** The hidden `website` field bots fill in. */
  honeypot: string;
  setHoneypot(value: string): void;
  change(field: LeadField): (event: { target: { value: string } }) => void;
  submit(event?: FormEvent): Promise<void>;
  /** Forgets the outcome (a form that showed its success panel shows the fields again). */
  dismiss(): void;
}

/**
 * A contact form's behaviour (docs/behaviour.md#contact-form), for both public sites, which draw it each in its
 * own style: the server's rules checked first (the first wrong field focused), one request at a time, the page's
 * address sent with the lead, and the outcome (success clears the draft and shows a notice too; a refusal shows
 * the server's msg, such as the rate limit's; anything else a network message).
 */
export function useLeadForm(): LeadForm {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [send, { isLoading }] = publicApi.useLeaveWordMutation();
  const values = useAppSelector(selectLeadDraft);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<LeadErrors>({});
  const [outcome, setOutcome] = useState<LeadOutcome | null>(null);

  // What was typed into the server's form before the application came is the draft from here on.
  const fieldValues = Object.fromEntries([
    ...LEAD_FIELDS.map((field) => [leadFieldId(field), values[field]]),
    [leadFieldId('website'), honeypot],
  ]);
  useTakeOverFields(fieldValues, (id, text) => {
    const field = LEAD_FIELDS.find((name) => leadFieldId(name) === id);
    if (field) dispatch(leadTyped({ field, value: text }));
    else setHoneypot(text);
  });

  const change = (field: LeadField) => (event: { target: { value: string } }) => {
    dispatch(leadTyped({ field, value: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isLoading) return;
    const found = validateLead(values);
    setErrors(found);
    setOutcome(null);
    const first = LEAD_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(leadFieldId(first))?.focus();
      return;
    }
    try {
      await send(leadRequest(values, pathname, honeypot)).unwrap();
      dispatch(leadSent());
      setOutcome({ kind: 'ok', text: LEAD_TEXTS.sent });
      dispatch(notify(LEAD_TEXTS.sent, 'info'));
    } catch (error) {
      const failure = error as ApiError;
      setOutcome({ kind: 'error', text: failure.kind === 'refused' ? failure.message : LEAD_TEXTS.failed });
    }
  };

  const dismiss = () => setOutcome(null);

  return { values, errors, outcome, sending: isLoading, honeypot, setHoneypot, change, submit, dismiss };
}
