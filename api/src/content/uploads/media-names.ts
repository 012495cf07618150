/** The longest file name the library keeps (the column's size); longer names keep their start and their type. */
export const MEDIA_NAME_MAX = 200;

/**
 * The name a picture is listed under: the file name the administrator uploaded, without any folder a browser or a
 * hostile client put before it, control characters or surrounding spaces, at most {@link MEDIA_NAME_MAX} characters
 * (the extension kept); `fallback` (the stored name) when nothing is left. It is only ever shown as text.
 */
export function mediaName(original: string | undefined, fallback: string): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const chars = [...clean];
  if (chars.length === 0) return fallback;
  if (chars.length <= MEDIA_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? [...clean.slice(dot)] : [];
  return [...chars.slice(0, MEDIA_NAME_MAX - ext.length), ...ext].join('');
}

/** The stored name of a key (`uploads/2026/11/<hex>.png` → `<hex>.png`): a reconciled picture's name. */
export function keyFileName(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}
