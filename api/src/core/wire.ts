/** Every `{id, name}` option the lists and selects show (menus, customer-case tabs, news categories). */
export interface LinkRow {
  id: number;
  name: string;
}

export function toLink(row: LinkRow): LinkRow {
  return { id: row.id, name: row.name };
}

/**
 * A copy of `row` with exactly `keys`, in that order: the order the answer's JSON shows them. A row read with
 * more columns than an answer carries never leaks the others.
 */
export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const copy: Partial<Pick<T, K>> = {};
  for (const key of keys) copy[key] = row[key];
  return copy as Pick<T, K>;
}
