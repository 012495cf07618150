/**
 * A QR-code-looking module matrix: real function patterns (finders, separators, timing lines, alignment pattern,
 * dark module, format areas) around data modules derived from a hash of the payload. It is not a scannable code.
 */
import { hash, n, path, Rng } from './svg.js';

/** `size` = 17 + 4·version (21, 25, 29, …). */
export function qrMatrix(payload: string, size = 29): boolean[][] {
  const m: Array<Array<boolean | undefined>> = Array.from({ length: size }, () =>
    Array<boolean | undefined>(size).fill(undefined),
  );
  const set = (r: number, c: number, v: boolean): void => {
    const row = m[r];
    if (row && c >= 0 && c < size) row[c] = v;
  };
  const finder = (r0: number, c0: number): void => {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        const inside = r >= 0 && r <= 6 && c >= 0 && c <= 6;
        const ring = r === 0 || r === 6 || c === 0 || c === 6;
        const core = r >= 2 && r <= 4 && c >= 2 && c <= 4;
        if (r0 + r >= 0 && c0 + c >= 0) set(r0 + r, c0 + c, inside && (ring || core));
      }
    }
  };
  finder(0, 0);
  finder(0, size - 7);
  finder(size - 7, 0);
  for (let i = 8; i < size - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  if (size > 21) {
    const a = size - 7;
    for (let r = -2; r <= 2; r++) {
      for (let c = -2; c <= 2; c++) set(a + r, a + c, Math.max(Math.abs(r), Math.abs(c)) !== 1);
    }
  }
  const rng = new Rng(hash('qr|' + payload));
  // Format information (15 bits, written twice), then the dark module.
  const format = Array.from({ length: 15 }, () => rng.chance(0.5));
  for (let i = 0; i < 15; i++) {
    const bit = format[i] ?? false;
    if (i < 6) set(8, i, bit);
    else if (i < 8) set(8, i + 1, bit);
    else set(8, size - 15 + i, bit);
    if (i < 8) set(size - 1 - i, 8, bit);
    else if (i === 8) set(7, 8, bit);
    else set(14 - i, 8, bit);
  }
  set(8, 7, rng.chance(0.5));
  set(size - 8, 8, true);
  return m.map((row, r) => row.map((v, c) => (v === undefined ? rng.chance(0.5) !== ((r + c) % 3 === 0) : v)));
}

/** The dark modules as one path of horizontal runs. */
export function qrPath(matrix: boolean[][], x: number, y: number, module: number, fill: string): string {
  let d = '';
  matrix.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      d += `M${n(x + start * module)} ${n(y + r * module)}h${n((c - start) * module)}v${n(module)}h${n(-(c - start) * module)}z`;
    }
  });
  return path(d, fill, { 'shape-rendering': 'crispEdges' });
}
