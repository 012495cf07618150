/** Select options for entries of a list answer's option list (services, news categories, menus). */
export const optionsOf = (entries: readonly { id: number; name: string }[]) =>
  entries.map((entry) => ({ value: entry.id, label: entry.name }));
