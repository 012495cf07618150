import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';

/**
 * Fills an edit dialog's form once per opening (docs/behaviour.md#edit-dialogs: open to edit, or to add when the id is
 * 0), with `values` as soon as they are there: a new row's defaults at once, a stored row when it has arrived fresh
 * from the server. `opening` names the opening (null while closed). Answers that come later (the list behind the dialog
 * fetched again, say) never overwrite what the administrator is typing. `onFill` is told what the form was filled
 * with, and `undefined` when the dialog closes.
 */
export function useFillOnOpen<T>(
  form: FormInstance<T>,
  opening: unknown,
  values: T | undefined,
  onFill?: (values: T | undefined) => void,
): void {
  const filledFor = useRef<unknown>(null);
  const latestOnFill = useRef(onFill);
  latestOnFill.current = onFill;
  useEffect(() => {
    if (opening === null) {
      filledFor.current = null;
      latestOnFill.current?.(undefined);
    } else if (values !== undefined && filledFor.current !== opening) {
      filledFor.current = opening;
      form.setFieldsValue(values);
      latestOnFill.current?.(values);
    }
  }, [form, opening, values]);
}
