import { useState } from 'react';
import { App as AntApp, Form, type FormInstance } from 'antd';
import { useFillOnOpen } from './fill-on-open';
import { FormChanges } from './form-changes';
import type { Sent } from './use-list-screen';

/** Who the dialog edits: a stored row, or a new one (id 0), with what the opening says beside the id. */
export type Opening<Extra extends object = object> = { id: number } & Partial<Extra>;

/** The calls behind an edit dialog: reading a row, and saving one (`amend…`: id 0 creates). */
export interface EditorCalls<Stored, Payload extends { id: number }> {
  /** The read call's query hook (`adminApi.useGetCaseQuery`…). */
  useGet: (
    id: number,
    options: { skip: boolean; refetchOnMountOrArgChange: true },
  ) => { isFetching: boolean; currentData?: Stored; data?: Stored };
  /** The save call's mutation hook. */
  useAmend: () => readonly [(payload: Payload) => Sent, { isLoading: boolean }];
}

/** How a row goes into the dialog's form and back. */
export interface EditorForm<Stored, Values, Payload extends { id: number }, Extra extends object> {
  /** What a row is called: the dialog is 编辑<noun> or 新增<noun>. */
  noun: string;
  /** What a new row starts as, for this opening. */
  blank: (opening: Opening<Extra>) => Values;
  /** A stored row as the form shows it. */
  toValues: (stored: Stored) => Values;
  /** What is saved from the form's values (the stored row, when there is one, keeps what the form leaves out). */
  toPayload: (values: Values, stored: Stored | undefined) => Omit<Payload, 'id'>;
}

export interface Editor<Values, Extra extends object = object> {
  noun: string;
  /** Opens the dialog: `{ id }` to edit a row, `{ id: 0 }` to add one. */
  open: (opening: Opening<Extra>) => void;
  /** The open dialog's opening, null while it is closed. */
  opening: Opening<Extra> | null;
  /** What the edit dialog is given. */
  dialog: {
    title: string;
    open: boolean;
    form: FormInstance<Values>;
    loading: boolean;
    saving: boolean;
    onSave: (values: Values) => Promise<boolean>;
    onClose: () => void;
    /** What the form has changed since it was filled (closing asks only when something differs). */
    changes: FormChanges;
  };
}

/**
 * An edit dialog's lifecycle: opened for a row's id or for a new row (id 0), filled once per opening (a new row's
 * defaults at once, a stored row when it has arrived fresh from the server), saved (保存成功), then closed and reset.
 */
export function useEditor<Stored, Values, Payload extends { id: number }, Extra extends object = object>(
  { useGet, useAmend }: EditorCalls<Stored, Payload>,
  { noun, blank, toValues, toPayload }: EditorForm<Stored, Values, Payload, Extra>,
): Editor<Values, Extra> {
  const { message } = AntApp.useApp();
  const [opening, setOpening] = useState<Opening<Extra> | null>(null);
  const [form] = Form.useForm<Values>();
  const [changes] = useState(() => new FormChanges());
  const id = opening?.id ?? 0;
  const current = useGet(id, { skip: !id, refetchOnMountOrArgChange: true });
  const [amend, { isLoading: saving }] = useAmend();
  const stored = current.isFetching ? undefined : current.currentData;
  useFillOnOpen(
    form,
    opening,
    opening === null ? undefined : id === 0 ? blank(opening) : stored && toValues(stored),
    (values) => changes.load(values),
  );

  const save = async (values: Values) => {
    try {
      await amend({ ...toPayload(values, current.data), id } as Payload).unwrap();
      void message.success('保存成功');
      return true;
    } catch {
      return false;
    }
  };

  return {
    noun,
    open: setOpening,
    opening,
    dialog: {
      title: id ? `编辑${noun}` : `新增${noun}`,
      open: opening !== null,
      form,
      loading: Boolean(id) && current.isFetching,
      saving,
      onSave: save,
      onClose: () => setOpening(null),
      changes,
    },
  };
}
