/**
 * Small, dependency-free SVG toolkit for the seed image generator: escaping, number formatting, text metrics and
 * fitting, a seeded PRNG and a `Doc` that collects `<defs>` (gradients, filters, clip paths) under stable ids.
 */

/** The font stack every text element inherits (set once on the root element). */
export const FONT = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif";

export type AttrValue = string | number | undefined | null | false;
export type Attrs = Record<string, AttrValue>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Drops characters XML 1.0 cannot carry (C0 controls except tab/newline/CR, lone surrogates, U+FFFE/U+FFFF). */
export function stripInvalid(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) continue;
    if (c === 0xfffe || c === 0xffff) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += s[i]! + s[i + 1]!;
        i++;
      }
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) continue;
    out += s[i]!;
  }
  return out;
}

/** Escapes `& < > " '` (after dropping characters XML cannot carry). */
export function esc(s: string): string {
  return stripInvalid(s).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Text as it is drawn: valid XML characters, whitespace collapsed, trimmed. */
export function clean(s: unknown): string {
  return stripInvalid(typeof s === 'string' ? s : String(s ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Compact number: one decimal (two below 1, e.g. opacities), no `-0`. */
export function n(v: number): string {
  if (!Number.isFinite(v)) return '0';
  const k = Math.abs(v) < 1 ? 100 : 10;
  const r = Math.round(v * k) / k;
  return Object.is(r, -0) ? '0' : String(r);
}

/** Number with up to 4 decimals (scales, opacities). */
export function fine(v: number): string {
  if (!Number.isFinite(v)) return '0';
  const r = Math.round(v * 1e4) / 1e4;
  return Object.is(r, -0) ? '0' : String(r);
}

export function el(tag: string, attrs: Attrs, children?: string): string {
  let s = '<' + tag;
  for (const key of Object.keys(attrs)) {
    const v = attrs[key];
    if (v === undefined || v === null || v === false) continue;
    s += ` ${key}="${typeof v === 'number' ? n(v) : esc(v)}"`;
  }
  return children === undefined ? s + '/>' : `${s}>${children}</${tag}>`;
}

export const g = (children: string, attrs: Attrs = {}): string => el('g', attrs, children);

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra: Attrs = {}): string =>
  el('rect', { x, y, width: Math.max(0, w), height: Math.max(0, h), fill, ...extra });

export const rr = (x: number, y: number, w: number, h: number, r: number, fill: string, extra: Attrs = {}): string =>
  rect(x, y, w, h, fill, { rx: r, ...extra });

/** A pill-shaped bar (a "line of text" in mock-ups). */
export const bar = (x: number, y: number, w: number, h: number, fill: string, extra: Attrs = {}): string =>
  rect(x, y, w, h, fill, { rx: h / 2, ...extra });

export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string =>
  el('circle', { cx, cy, r: Math.max(0, r), fill, ...extra });

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}): string =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra });

export const path = (d: string, fill: string, extra: Attrs = {}): string => el('path', { d, fill, ...extra });

export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  sw = 1,
  extra: Attrs = {},
): string => el('line', { x1, y1, x2, y2, stroke, 'stroke-width': sw, ...extra });

export const poly = (pts: ReadonlyArray<readonly [number, number]>): string =>
  pts.map(([x, y], i) => `${i ? 'L' : 'M'}${n(x)} ${n(y)}`).join('') + 'Z';

export const translate = (x: number, y: number, children: string, extra: Attrs = {}): string =>
  g(children, { transform: `translate(${n(x)} ${n(y)})`, ...extra });

export interface TextOpts {
  size: number;
  fill?: string;
  weight?: number | string;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
  /** letter-spacing in px */
  ls?: number;
  extra?: Attrs;
}

export function text(x: number, y: number, s: string, o: TextOpts): string {
  return el(
    'text',
    {
      x,
      y,
      'font-size': o.size,
      'font-weight': o.weight,
      fill: o.fill,
      'text-anchor': o.anchor && o.anchor !== 'start' ? o.anchor : undefined,
      opacity: o.opacity,
      'letter-spacing': o.ls,
      ...o.extra,
    },
    esc(s),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Text metrics: an estimate good enough to keep text inside its box (CJK = 1em, ASCII ≈ 0.55em).

export function charEm(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  if (c < 0x80) {
    if (c === 0x20) return 0.3;
    if ("il.,:;!|'`".includes(ch)) return 0.3;
    if (ch === 'm' || ch === 'w') return 0.8;
    if (ch === 'M' || ch === 'W') return 0.9;
    if (c >= 0x41 && c <= 0x5a) return 0.66;
    return 0.56;
  }
  if (c >= 0x1100) return 1; // CJK, kana, hangul, full-width forms, emoji, ellipsis
  return 0.62;
}

export function textEm(s: string): number {
  let w = 0;
  for (const ch of s) w += charEm(ch);
  return w;
}

/** Estimated width in px of `s` at `size` with `ls` px letter-spacing. */
export function textWidth(s: string, size: number, ls = 0): number {
  return textEm(s) * size + ls * Array.from(s).length;
}

const ELLIPSIS = '…';

/** Cuts `s` so that it (plus an ellipsis when cut) fits `maxW` px. */
export function ellipsize(s: string, maxW: number, size: number, ls = 0): string {
  if (textWidth(s, size, ls) <= maxW) return s;
  const budget = maxW - (charEm(ELLIPSIS) * size + ls);
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = charEm(ch) * size + ls;
    if (w + cw > budget) break;
    out += ch;
    w += cw;
  }
  return out.trimEnd() + ELLIPSIS;
}

export interface Fitted {
  text: string;
  size: number;
}

/** One line: shrink the font from `size` down to `minSize`, then ellipsize. */
export function fitLine(raw: string, maxW: number, size: number, minSize: number, ls = 0): Fitted {
  const s = clean(raw);
  if (textWidth(s, size, ls) <= maxW) return { text: s, size };
  const count = Array.from(s).length;
  const em = textEm(s);
  const exact = Math.floor(((maxW - ls * count) / Math.max(em, 0.01)) * 10) / 10;
  if (exact >= minSize && textWidth(s, exact, ls) <= maxW) return { text: s, size: exact };
  return { text: ellipsize(s, maxW, minSize, ls), size: minSize };
}

const NO_LINE_START = '，。、！？：；）》」』】〉,.!?:;)]}%…';

/** Greedy wrap (CJK per character, ASCII per word); the last allowed line is ellipsized when text remains. */
export function wrap(raw: string, maxW: number, size: number, maxLines: number): string[] {
  const s = clean(raw);
  if (!s || maxLines < 1) return [];
  // Runs of ASCII word characters stay together; everything else is one token per character.
  const tokens = s.match(/[A-Za-z0-9@#&._\-/+]+|[^A-Za-z0-9@#&._\-/+]/gu) ?? [];
  const lines: string[] = [];
  let cur = '';
  let i = 0;
  while (i < tokens.length && lines.length < maxLines) {
    const tok = tokens[i]!;
    if (!cur && tok === ' ') {
      i++;
      continue;
    }
    if (textWidth((cur + tok).trimEnd(), size) <= maxW) {
      cur += tok;
      i++;
      continue;
    }
    if (!cur) {
      // A single token wider than the line: split it by characters.
      const chars = Array.from(tok);
      let part = '';
      let k = 0;
      while (k < chars.length && textWidth(part + chars[k]!, size) <= maxW) part += chars[k++]!;
      if (!part) part = chars[k++] ?? '';
      lines.push(part);
      tokens[i] = chars.slice(k).join('');
      if (!tokens[i]) i++;
      continue;
    }
    const chars = Array.from(cur);
    if (NO_LINE_START.includes(tok.charAt(0)) && chars.length > 1 && !cur.endsWith(' ')) {
      // Keep closing punctuation off the start of a line: move the previous character down with it.
      const last = chars.pop()!;
      lines.push(chars.join('').trimEnd());
      cur = last;
    } else {
      lines.push(cur.trimEnd());
      cur = '';
    }
  }
  if (lines.length < maxLines) {
    if (cur.trim()) lines.push(cur.trim());
    return lines;
  }
  const rest = cur + tokens.slice(i).join('');
  if (rest.trim()) lines[maxLines - 1] = ellipsize(lines[maxLines - 1] + rest.trimEnd(), maxW, size);
  return lines;
}

export interface FittedBlock {
  lines: string[];
  size: number;
}

/**
 * Up to `maxLines` lines: the largest size (step 1px) at which the whole text fits, else `minSize` + ellipsis.
 * When several lines are needed they are balanced (the narrowest width that keeps the same line count).
 */
export function fitBlock(raw: string, maxW: number, size: number, minSize: number, maxLines: number): FittedBlock {
  const s = clean(raw);
  for (let sz = size; sz >= minSize; sz -= 1) {
    const lines = wrap(s, maxW, sz, maxLines + 1);
    if (lines.length <= maxLines) return { lines: balance(s, lines, maxW, sz), size: sz };
  }
  return { lines: wrap(s, maxW, minSize, maxLines), size: minSize };
}

/**
 * Like `fitBlock`, for a list of phrases joined by ` · ` (a banner's subtitle): lines break only between phrases,
 * never inside one nor before a separator, and are balanced. Falls back to `fitBlock` when the text has no such
 * separator or a phrase alone is too wide.
 */
export function fitPhrases(raw: string, maxW: number, size: number, minSize: number, maxLines: number): FittedBlock {
  const phrases = clean(raw)
    .split(/\s*·\s*/)
    .filter(Boolean);
  if (phrases.length < 2) return fitBlock(raw, maxW, size, minSize, maxLines);
  for (let sz = size; sz >= minSize; sz -= 1) {
    const lines = packPhrases(phrases, maxW, sz, maxLines);
    if (lines) return { lines, size: sz };
  }
  return fitBlock(raw, maxW, size, minSize, maxLines);
}

/** The fewest lines (at most `maxLines`) the phrases fit in, with the narrowest widest line; `null` if none. */
function packPhrases(phrases: string[], maxW: number, size: number, maxLines: number): string[] | null {
  const join = (from: number, to: number) => phrases.slice(from, to).join(' · ');
  let best: { lines: string[]; widest: number } | null = null;
  const search = (from: number, lines: string[], widest: number) => {
    if (from === phrases.length) {
      if (!best || lines.length < best.lines.length || (lines.length === best.lines.length && widest < best.widest)) {
        best = { lines, widest };
      }
      return;
    }
    if (lines.length === maxLines) return;
    for (let to = from + 1; to <= phrases.length; to++) {
      const line = join(from, to);
      const width = textWidth(line, size);
      if (width > maxW) break;
      search(to, [...lines, line], Math.max(widest, width));
    }
  };
  search(0, [], 0);
  return (best as { lines: string[] } | null)?.lines ?? null;
}

function balance(s: string, lines: string[], maxW: number, size: number): string[] {
  if (lines.length < 2) return lines;
  let lo = maxW / lines.length;
  let hi = maxW;
  let best = lines;
  for (let k = 0; k < 12; k++) {
    const mid = (lo + hi) / 2;
    const trial = wrap(s, mid, size, lines.length + 1);
    if (trial.length <= lines.length) {
      best = trial;
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Determinism: FNV-1a hash of a canonical serialisation, mulberry32 PRNG.

export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** JSON with sorted object keys, so equal specs hash equally whatever their key order. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return (
      '{' +
      Object.keys(o)
        .sort()
        .map((k) => JSON.stringify(k) + ':' + canonical(o[k]))
        .join(',') +
      '}'
    );
  }
  return JSON.stringify(v) ?? 'null';
}

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  /** Integer in [a, b]. */
  int(a: number, b: number): number {
    return a + Math.floor(this.next() * (b - a + 1));
  }
  pick<T>(arr: readonly T[]): T {
    return arr[Math.floor(this.next() * arr.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ---------------------------------------------------------------------------------------------------------------

export type Stop = readonly [offset: number, color: string, opacity?: number];

/** One SVG document under construction: shared `<defs>` with ids unique to this document's spec. */
export class Doc {
  readonly rng: Rng;
  private readonly prefix: string;
  private readonly defs: string[] = [];
  private readonly ids = new Map<string, string>();
  private count = 0;

  constructor(
    readonly w: number,
    readonly h: number,
    seed: string,
  ) {
    const hv = hash(seed);
    this.rng = new Rng(hv);
    this.prefix = 'y' + hv.toString(36).slice(0, 4);
  }

  /** A fresh id (for elements referenced by `href="#id"`). */
  id(): string {
    return this.prefix + (this.count++).toString(36);
  }

  private def(key: string, make: (id: string) => string): string {
    let id = this.ids.get(key);
    if (!id) {
      id = this.id();
      this.ids.set(key, id);
      this.defs.push(make(id));
    }
    return id;
  }

  private static stops(stops: readonly Stop[]): string {
    return stops
      .map(([o, c, a]) =>
        el('stop', { offset: o, 'stop-color': c, 'stop-opacity': a === undefined || a === 1 ? undefined : a }),
      )
      .join('');
  }

  /** Linear gradient in bounding-box units; returns `url(#id)`. */
  lin(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 1, y2 = 1): string {
    const body = Doc.stops(stops);
    const id = this.def(`l${x1},${y1},${x2},${y2}|${body}`, (id) => el('linearGradient', { id, x1, y1, x2, y2 }, body));
    return `url(#${id})`;
  }

  /** Two-colour diagonal gradient. */
  grad(a: string, b: string, x1 = 0, y1 = 0, x2 = 1, y2 = 1): string {
    return this.lin(
      [
        [0, a],
        [1, b],
      ],
      x1,
      y1,
      x2,
      y2,
    );
  }

  rad(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const body = Doc.stops(stops);
    const id = this.def(`r${cx},${cy},${r}|${body}`, (id) => el('radialGradient', { id, cx, cy, r }, body));
    return `url(#${id})`;
  }

  /** Soft drop shadow filter; returns `url(#id)`. */
  shadow(dy = 8, blur = 12, color = '#0b3d91', opacity = 0.18): string {
    const id = this.def(`s${dy},${blur},${color},${opacity}`, (id) =>
      el(
        'filter',
        { id, x: '-30%', y: '-30%', width: '160%', height: '170%' },
        el('feDropShadow', { dx: 0, dy, stdDeviation: blur, 'flood-color': color, 'flood-opacity': opacity }),
      ),
    );
    return `url(#${id})`;
  }

  blur(sd: number): string {
    const id = this.def(`b${sd}`, (id) =>
      el(
        'filter',
        { id, x: '-50%', y: '-50%', width: '200%', height: '200%' },
        el('feGaussianBlur', { stdDeviation: sd }),
      ),
    );
    return `url(#${id})`;
  }

  /** Clip path from arbitrary shape markup; returns `url(#id)`. */
  clip(shape: string): string {
    const id = this.def(`c${shape}`, (id) => el('clipPath', { id }, shape));
    return `url(#${id})`;
  }

  clipRect(x: number, y: number, w: number, h: number, r = 0): string {
    return this.clip(rect(x, y, w, h, '#000', { rx: r || undefined }));
  }

  /** A raw definition (e.g. a `<path>` used by `<textPath>`); returns its id. */
  raw(make: (id: string) => string): string {
    const id = this.id();
    this.defs.push(make(id));
    return id;
  }

  /** A `<pattern>` in user space; returns `url(#id)`. */
  pattern(w: number, h: number, body: string, extra: Attrs = {}): string {
    const id = this.def(`p${w},${h}|${body}|${JSON.stringify(extra)}`, (id) =>
      el('pattern', { id, width: w, height: h, patternUnits: 'userSpaceOnUse', ...extra }, body),
    );
    return `url(#${id})`;
  }

  finish(body: string, title?: string): string {
    const head = el('svg', {
      xmlns: 'http://www.w3.org/2000/svg',
      width: this.w,
      height: this.h,
      viewBox: `0 0 ${this.w} ${this.h}`,
      'font-family': FONT,
      role: 'img',
    }).slice(0, -2);
    const t = title ? el('title', {}, esc(clean(title))) : '';
    const d = this.defs.length ? `<defs>${this.defs.join('')}</defs>` : '';
    return `${head}>${t}${d}${body}</svg>`;
  }
}
