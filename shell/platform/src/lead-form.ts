import { useState, type FormEvent } from 'react';
import {
  LEAD_FIELDS,
  LEAD_SENT_PARAM,
  LEAD_TEXTS,
  leadRequest,
  queryParam,
  validateLead,
  type LeadDraft,
  type LeadErrors,
  type LeadField,
  type LeadOutcome,
} from '@site/shared-types';
import type { ApiError } from './api';
import { leadAnswered, leadChecked, leadDismissed, leadTyped, selectLeadForm } from './lead-slice';
import { publicApi } from './public-api';
import { useLocation, useNavigate } from './router';
import { useAppDispatch, useAppSelector } from './store';
import { useTakeOverFields } from './take-over-fields';
import { notify } from './ui-slice';

/** The id of a contact form's field (its label's `htmlFor`, the focus target of its error). */
export const leadFieldId = (field: LeadField | 'website'): string => `lead-${field}`;

export interface LeadForm {
  /** What is typed (kept in the store until sent). */
  values: LeadDraft;
  /** Each wrong field's message, after a submit; a field's goes when it is edited. */
  errors: LeadErrors;
  /**
   * The answer of the last submit: success, the server's refusal (its msg), or a failed request; also the success
   * of a form the server took without the application (the page's `?sent=1`).
   */
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
 * own style. The form is a real `<form method="post">`: before the application runs (or without JavaScript) the
 * browser sends it and the server answers with the page, in this same state. Once the application runs: the
 * server's rules checked first (the first wrong field focused), one request at a time, the page's address sent with
 * the lead, and the outcome (success clears the draft and shows a notice too; a refusal shows the server's msg,
 * such as the rate limit's; anything else a network message).
 */
export function useLeadForm(): LeadForm {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const [send, { isLoading }] = publicApi.useLeaveWordMutation();
  const { draft: values, errors, outcome: answered } = useAppSelector(selectLeadForm);
  const [honeypot, setHoneypot] = useState('');
  const sentWithoutApplication = queryParam(search, LEAD_SENT_PARAM) === '1';
  const outcome = answered ?? (sentWithoutApplication ? { kind: 'ok' as const, text: LEAD_TEXTS.sent } : null);

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
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isLoading) return;
    // A new send: the page's word that an earlier one was sent goes.
    if (sentWithoutApplication) void navigate(`${pathname}${hash}`, { replace: true });
    const found = validateLead(values);
    dispatch(leadChecked(found));
    const first = LEAD_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(leadFieldId(first))?.focus();
      return;
    }
    try {
      await send(leadRequest(values, pathname, honeypot)).unwrap();
      dispatch(leadAnswered({ kind: 'ok', text: LEAD_TEXTS.sent }));
      dispatch(notify(LEAD_TEXTS.sent, 'info'));
    } catch (error) {
      const failure = error as ApiError;
      const text = failure.kind === 'refused' ? failure.message : LEAD_TEXTS.failed;
      dispatch(leadAnswered({ kind: 'error', text }));
    }
  };

  const dismiss = () => {
    dispatch(leadDismissed());
    // The page the server moved a sent form to says so in its address: the form is shown on its own address again.
    if (sentWithoutApplication) void navigate(`${pathname}${hash}`, { replace: true });
  };

  return { values, errors, outcome, sending: isLoading, honeypot, setHoneypot, change, submit, dismiss };
}
