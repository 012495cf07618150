/** Nothing entered: the form's fields start empty in any of these forms, and clearing one gives another. */
const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether two form values say the same: equal texts, numbers and flags, lists entry by entry, groups field by field;
 * an empty text, an empty list, null and a field left out all say nothing.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((entry, index) => sameValue(entry, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((key) => sameValue(a[key], b[key]));
  }
  return Object.is(a, b);
}

/**
 * What an edit form has changed since it was loaded (docs/behaviour.md#edit-dialogs): the fields the administrator
 * edited (the top-level names antd's `onValuesChange` reports) whose value now differs from the loaded one. An edit
 * taken back is no change; nor is a value the code sets by itself (a default filled in once the options arrive).
 */
export class FormChanges {
  private loaded: Record<string, unknown> = {};
  private readonly edited = new Set<string>();

  /** The form was filled with `values`: the comparison starts again from them. */
  load(values: unknown): void {
    this.loaded = isPlainObject(values) ? { ...values } : {};
    this.edited.clear();
  }

  /** antd's `onValuesChange` reported `changed`. */
  edit(changed: object): void {
    for (const name of Object.keys(changed)) this.edited.add(name);
  }

  /** Whether any edited field differs from what was loaded; `current` reads a field's value now. */
  differs(current: (name: string) => unknown): boolean {
    return [...this.edited].some((name) => !sameValue(current(name), this.loaded[name]));
  }
}
