/** Brand colours and the palettes a spec's `palette` index selects (wrapping). */

export interface Pal {
  /** dark base (backgrounds behind white text) */
  deep: string;
  /** main brand colour */
  main: string;
  /** secondary colour (gradients, charts) */
  teal: string;
  /** warm accent (buttons, tags) */
  accent: string;
  /** very light tint (quiet backgrounds) */
  soft: string;
  /** body text colour */
  ink: string;
}

/** 云帆科技 brand: deep blue, bright blue, teal, orange accent. */
export const BRAND: Pal = {
  deep: '#0b3d91',
  main: '#2f7cf6',
  teal: '#13b5b1',
  accent: '#f5a623',
  soft: '#eef4ff',
  ink: '#1f2d3d',
};

export const PALETTES: readonly Pal[] = [
  BRAND,
  { deep: '#075e63', main: '#13b5b1', teal: '#2f7cf6', accent: '#f5a623', soft: '#e9f8f7', ink: '#1b3236' },
  { deep: '#2a1f7a', main: '#6a5cf0', teal: '#22b8e6', accent: '#ffb547', soft: '#f1efff', ink: '#231f3d' },
  { deep: '#0d5239', main: '#1f9e68', teal: '#7cc84a', accent: '#f5a623', soft: '#ebf7f0', ink: '#1b3027' },
  { deep: '#8f2d12', main: '#ee6a32', teal: '#f5a623', accent: '#ffd166', soft: '#fff3ec', ink: '#3a2418' },
  { deep: '#0d1b3e', main: '#1e6fe0', teal: '#1fc8db', accent: '#ffc23d', soft: '#edf3fc', ink: '#17223a' },
  { deep: '#7a1131', main: '#e0445e', teal: '#ff8a65', accent: '#ffc857', soft: '#fff0f2', ink: '#3a1a22' },
  { deep: '#1f2b48', main: '#46628f', teal: '#4fb0ae', accent: '#f5a623', soft: '#eff3f8', ink: '#1d2433' },
];

export function palette(index: number): Pal {
  const len = PALETTES.length;
  const i = Number.isFinite(index) ? Math.trunc(index) : 0;
  return PALETTES[((i % len) + len) % len]!;
}

function parse(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Linear mix of two `#rrggbb` colours (`t` = 0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const x = parse(a);
  const y = parse(b);
  return (
    '#' +
    x
      .map((c, i) =>
        Math.round(c + ((y[i] ?? 0) - c) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

export const tint = (c: string, t: number): string => mix(c, '#ffffff', t);
export const shade = (c: string, t: number): string => mix(c, '#000000', t);

export const GREY = {
  line: '#e6ebf2',
  bar: '#dfe5ee',
  bar2: '#edf1f6',
  text: '#8a96a8',
  page: '#f4f7fb',
};
