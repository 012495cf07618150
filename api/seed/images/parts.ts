/** Shared drawing parts: the 云帆 emblem, pictures, charts, UI bits used by the mock-ups and scenes. */
import { GREY, type Pal, tint } from './palettes.js';
import { circle, type Doc, el, fine, g, n, path, rect, type Rng, text } from './svg.js';

/** The cloud-sail emblem in a 64×64 box at (x, y) scaled to `size`. `mono` draws it in one colour. */
export function sailEmblem(doc: Doc, x: number, y: number, size: number, pal: Pal, mono?: string): string {
  const main =
    mono ??
    doc.lin(
      [
        [0, pal.main],
        [1, pal.teal],
      ],
      0,
      0,
      1,
      1,
    );
  const jib =
    mono ??
    doc.lin(
      [
        [0, pal.deep],
        [1, pal.main],
      ],
      0,
      0,
      0,
      1,
    );
  const cloud =
    mono ??
    doc.lin(
      [
        [0, pal.teal],
        [1, pal.main],
      ],
      0,
      0,
      1,
      0,
    );
  const body =
    path('M33 3C45 14 52 28 52.5 43H33z', main) +
    path('M29.5 10C23 21 17 32 13 43h16.5z', jib, mono ? { opacity: 0.8 } : {}) +
    path('M14 59a9 9 0 0 1-1.4-17.9A12.5 12.5 0 0 1 36 37.5a9.5 9.5 0 0 1 15.6 4.8A8.4 8.4 0 0 1 51 59z', cloud, {
      opacity: mono ? 0.92 : 1,
    }) +
    path('M19 52h27', 'none', { stroke: '#fff', 'stroke-width': 2.4, 'stroke-linecap': 'round', opacity: 0.85 });
  return g(body, { transform: `translate(${n(x)} ${n(y)}) scale(${fine(size / 64)})` });
}

/** Rounded gradient square with a white sail: the small app/site logo used inside mock-ups. */
export function appMark(doc: Doc, x: number, y: number, s: number, pal: Pal): string {
  return (
    rect(x, y, s, s, doc.grad(pal.main, pal.teal), { rx: s * 0.26 }) +
    sailEmblem(doc, x + s * 0.16, y + s * 0.14, s * 0.68, pal, '#fff')
  );
}

export type PictureStyle = 'photo' | 'abstract' | 'product' | 'city';

/** A colourful "image" block (landscape, abstract shapes, product on a plinth, skyline). */
export function picture(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  pal: Pal,
  rng: Rng,
  r = 0,
  style: PictureStyle = 'photo',
): string {
  const clip = r > 0 ? doc.clipRect(x, y, w, h, r) : undefined;
  const m = Math.min(w, h);
  let body = '';
  if (style === 'photo') {
    body += rect(
      x,
      y,
      w,
      h,
      doc.lin(
        [
          [0, tint(pal.main, 0.55)],
          [1, tint(pal.teal, 0.75)],
        ],
        0,
        0,
        0,
        1,
      ),
    );
    body += circle(x + w * rng.range(0.6, 0.82), y + h * 0.32, m * 0.12, tint(pal.accent, 0.25));
    const b = y + h;
    const p1 = rng.range(0.25, 0.4);
    body += path(
      `M${n(x)} ${n(b)}V${n(y + h * 0.6)}L${n(x + w * p1)} ${n(y + h * 0.35)}L${n(x + w * (p1 + 0.25))} ${n(y + h * 0.62)}L${n(x + w * 0.75)} ${n(y + h * 0.45)}L${n(x + w)} ${n(y + h * 0.66)}V${n(b)}z`,
      tint(pal.main, 0.2),
      { opacity: 0.55 },
    );
    body += path(
      `M${n(x)} ${n(b)}V${n(y + h * 0.78)}Q${n(x + w * 0.3)} ${n(y + h * 0.6)} ${n(x + w * 0.55)} ${n(y + h * 0.76)}T${n(x + w)} ${n(y + h * 0.72)}V${n(b)}z`,
      pal.deep,
      { opacity: 0.6 },
    );
  } else if (style === 'abstract') {
    body += rect(x, y, w, h, doc.grad(pal.main, pal.deep, 0, 0, 1, 1));
    body += circle(x + w * 0.78, y + h * 0.25, m * 0.55, pal.teal, { opacity: 0.45 });
    body += circle(x + w * 0.15, y + h * 0.95, m * 0.45, '#fff', { opacity: 0.12 });
    body += circle(x + w * rng.range(0.35, 0.6), y + h * 0.5, m * 0.16, pal.accent, { opacity: 0.9 });
    body += path(
      `M${n(x)} ${n(y + h * 0.7)}L${n(x + w)} ${n(y + h * 0.2)}V${n(y + h * 0.45)}L${n(x)} ${n(y + h)}z`,
      '#fff',
      {
        opacity: 0.1,
      },
    );
  } else if (style === 'product') {
    body += rect(
      x,
      y,
      w,
      h,
      doc.lin(
        [
          [0, tint(pal.main, 0.9)],
          [1, tint(pal.teal, 0.8)],
        ],
        0,
        0,
        0,
        1,
      ),
    );
    const cx = x + w / 2;
    const ph = m * 0.55;
    const pw = ph * rng.range(0.45, 0.8);
    body += el('ellipse', { cx, cy: y + h * 0.8, rx: pw * 0.8, ry: m * 0.05, fill: pal.deep, opacity: 0.15 });
    body += rect(cx - pw / 2, y + h * 0.8 - ph, pw, ph, doc.grad(pal.main, pal.deep, 0, 0, 1, 1), { rx: pw * 0.18 });
    body += rect(cx - pw * 0.3, y + h * 0.8 - ph * 0.72, pw * 0.6, ph * 0.3, '#fff', { rx: pw * 0.06, opacity: 0.9 });
    body += rect(cx - pw * 0.3, y + h * 0.8 - ph * 0.3, pw * 0.35, ph * 0.06, '#fff', { rx: 1, opacity: 0.5 });
    body += circle(x + w * 0.2, y + h * 0.25, m * 0.08, pal.accent, { opacity: 0.7 });
  } else {
    body += rect(
      x,
      y,
      w,
      h,
      doc.lin(
        [
          [0, tint(pal.teal, 0.55)],
          [1, tint(pal.main, 0.25)],
        ],
        0,
        0,
        0,
        1,
      ),
    );
    let bx = x;
    while (bx < x + w) {
      const bw = w * rng.range(0.07, 0.14);
      const bh = h * rng.range(0.25, 0.7);
      body += rect(bx, y + h - bh, bw - 1, bh, pal.deep, { opacity: rng.range(0.45, 0.8) });
      bx += bw;
    }
  }
  return clip ? g(body, { 'clip-path': clip }) : body;
}

/** Paragraph placeholder: `count` bars, the last one shorter. */
export function paragraph(
  x: number,
  y: number,
  w: number,
  count: number,
  gap: number,
  h: number,
  rng: Rng,
  fill = GREY.bar,
): string {
  // One stroked path with round caps: each subpath is a pill-shaped "line of text".
  let d = '';
  for (let i = 0; i < count; i++) {
    const lw = i === count - 1 ? w * rng.range(0.35, 0.7) : w * rng.range(0.9, 1);
    d += `M${n(x + h / 2)} ${n(y + i * gap + h / 2)}h${n(Math.max(0, lw - h))}`;
  }
  return path(d, 'none', { stroke: fill, 'stroke-width': h, 'stroke-linecap': 'round' });
}

/** Catmull-Rom spline through points as a cubic Bézier path (no leading M). */
export function smooth(pts: ReadonlyArray<readonly [number, number]>): string {
  let d = '';
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[Math.min(pts.length - 1, i + 2)]!;
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

export function series(rng: Rng, count: number, lo = 0.2, hi = 0.9, trend = 0.3): number[] {
  const out: number[] = [];
  let v = rng.range(lo, (lo + hi) / 2);
  for (let i = 0; i < count; i++) {
    v += rng.range(-0.18, 0.18) + trend / count;
    v = Math.min(hi, Math.max(lo, v));
    out.push(v);
  }
  return out;
}

/** Area/line chart with horizontal grid lines. */
export function lineChart(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  pal: Pal,
  rng: Rng,
  lines = 2,
  grid = true,
): string {
  let s = '';
  if (grid) for (let i = 0; i <= 4; i++) s += rect(x, y + (h * i) / 4, w, 0.8, GREY.line);
  const colors = [pal.main, pal.teal, pal.accent];
  for (let k = lines - 1; k >= 0; k--) {
    const vals = series(rng, 8, k ? 0.15 : 0.3, k ? 0.6 : 0.92);
    const pts = vals.map((v, i) => [x + (w * i) / (vals.length - 1), y + h - v * h] as const);
    const first = pts[0]!;
    const curve = `M${n(first[0])} ${n(first[1])}` + smooth(pts);
    const c = colors[k] ?? pal.main;
    if (k === 0)
      s += path(
        `${curve}L${n(x + w)} ${n(y + h)}L${n(x)} ${n(y + h)}z`,
        doc.lin(
          [
            [0, c, 0.35],
            [1, c, 0],
          ],
          0,
          0,
          0,
          1,
        ),
      );
    s += path(curve, 'none', { stroke: c, 'stroke-width': Math.max(1.2, h / 60), 'stroke-linecap': 'round' });
    if (k === 0) {
      const p = pts[5]!;
      s += circle(p[0], p[1], Math.max(2, h / 40), '#fff', { stroke: c, 'stroke-width': Math.max(1.2, h / 70) });
    }
  }
  return s;
}

export function barChart(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  pal: Pal,
  rng: Rng,
  count = 7,
  pair = false,
): string {
  let s = '';
  for (let i = 0; i <= 3; i++) s += rect(x, y + (h * i) / 3, w, 0.8, GREY.line);
  const slot = w / count;
  const bw = slot * (pair ? 0.28 : 0.46);
  const fillA = doc.lin(
    [
      [0, pal.main],
      [1, tint(pal.main, 0.45)],
    ],
    0,
    0,
    0,
    1,
  );
  const fillB = doc.lin(
    [
      [0, pal.teal],
      [1, tint(pal.teal, 0.45)],
    ],
    0,
    0,
    0,
    1,
  );
  for (let i = 0; i < count; i++) {
    const cx = x + slot * i + slot / 2;
    const v = rng.range(0.3, 0.95);
    if (pair) {
      const v2 = rng.range(0.2, 0.8);
      s += rect(cx - bw - 1, y + h - v * h, bw, v * h, fillA, { rx: Math.min(3, bw / 3) });
      s += rect(cx + 1, y + h - v2 * h, bw, v2 * h, fillB, { rx: Math.min(3, bw / 3) });
    } else {
      s += rect(cx - bw / 2, y + h - v * h, bw, v * h, fillA, { rx: Math.min(4, bw / 3) });
    }
  }
  return s;
}

/** Donut chart from values (fractions summing to ~1). */
export function donut(
  cx: number,
  cy: number,
  r: number,
  thick: number,
  values: readonly number[],
  colors: readonly string[],
): string {
  const c = 2 * Math.PI * r;
  let s = circle(cx, cy, r, 'none', { stroke: GREY.bar2, 'stroke-width': thick });
  let off = 0;
  values.forEach((v, i) => {
    const len = Math.max(0, v * c - 2);
    s += circle(cx, cy, r, 'none', {
      stroke: colors[i % colors.length] ?? '#999',
      'stroke-width': thick,
      'stroke-dasharray': `${n(len)} ${n(c)}`,
      'stroke-dashoffset': n(-off),
      transform: `rotate(-90 ${n(cx)} ${n(cy)})`,
    });
    off += v * c;
  });
  return s;
}

export function sparkline(x: number, y: number, w: number, h: number, color: string, rng: Rng): string {
  const vals = series(rng, 7, 0.1, 0.95, 0.5);
  const pts = vals.map((v, i) => [x + (w * i) / (vals.length - 1), y + h - v * h] as const);
  const first = pts[0]!;
  return path(`M${n(first[0])} ${n(first[1])}` + smooth(pts), 'none', {
    stroke: color,
    'stroke-width': Math.max(1.2, h / 12),
    'stroke-linecap': 'round',
  });
}

/** Phone status bar: time on the left, signal + battery on the right. */
export function statusBar(w: number, u: number, light: boolean): string {
  const c = light ? '#fff' : '#1a1a1a';
  let s = text(7 * u, 4.6 * u, '9:41', { size: 3.2 * u, fill: c, weight: 600 });
  const bx = w - 21 * u;
  for (let i = 0; i < 4; i++)
    s += rect(bx + i * 1.6 * u, 3.8 * u - i * 0.6 * u, 1.1 * u, 0.9 * u + i * 0.6 * u, c, { rx: 0.3 * u });
  s += rect(w - 12 * u, 2 * u, 6 * u, 3 * u, 'none', {
    stroke: c,
    'stroke-width': 0.35 * u,
    rx: 0.8 * u,
    opacity: 0.6,
  });
  s += rect(w - 11.4 * u, 2.6 * u, 4.3 * u, 1.8 * u, c, { rx: 0.4 * u });
  s += rect(w - 5.7 * u, 2.9 * u, 0.6 * u, 1.2 * u, c, { rx: 0.3 * u, opacity: 0.6 });
  return s;
}

/** A round coloured icon with a small white glyph-ish mark (for app grids). */
export function roundIcon(cx: number, cy: number, r: number, fill: string, kind: number): string {
  let s = circle(cx, cy, r, fill);
  const k = r * 0.42;
  const sw = {
    stroke: '#fff',
    'stroke-width': Math.max(1, r * 0.16),
    'stroke-linecap': 'round' as const,
    'stroke-linejoin': 'round' as const,
  };
  switch (kind % 6) {
    case 0:
      s += rect(cx - k, cy - k * 0.8, k * 2, k * 1.6, 'none', { ...sw, rx: k * 0.3 });
      break;
    case 1:
      s += path(`M${n(cx - k)} ${n(cy)}l${n(k * 0.7)} ${n(k * 0.7)}l${n(k * 1.3)}-${n(k * 1.4)}`, 'none', sw);
      break;
    case 2:
      s += circle(cx, cy, k * 0.9, 'none', sw);
      break;
    case 3:
      s += path(`M${n(cx)} ${n(cy - k)}l${n(k)} ${n(k * 1.8)}h-${n(k * 2)}z`, 'none', sw);
      break;
    case 4:
      s += path(`M${n(cx - k)} ${n(cy)}h${n(k * 2)}M${n(cx)} ${n(cy - k)}v${n(k * 2)}`, 'none', sw);
      break;
    default:
      s += path(
        `M${n(cx - k)} ${n(cy + k * 0.7)}v-${n(k * 0.8)}M${n(cx)} ${n(cy + k * 0.7)}v-${n(k * 1.5)}M${n(cx + k)} ${n(cy + k * 0.7)}v-${n(k * 1.1)}`,
        'none',
        sw,
      );
  }
  return s;
}

/** White card with a soft shadow. */
export function card(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  shadow = true,
  fill = '#fff',
): string {
  return rect(x, y, w, h, fill, {
    rx: r,
    filter: shadow ? doc.shadow(Math.max(2, h / 40), Math.max(3, h / 20), '#1b3a6b', 0.12) : undefined,
  });
}

/** A chat bubble with three dots or a short message bar (tail bottom-left). */
export function chatBubble(x: number, y: number, w: number, h: number, fill: string, dots: string): string {
  const r = h / 2;
  const d = `M${n(x + r)} ${n(y)}h${n(w - 2 * r)}a${n(r)} ${n(r)} 0 0 1 0 ${n(h)}H${n(x + r * 0.9)}l-${n(r * 0.9)} ${n(r * 0.45)}l${n(r * 0.25)}-${n(r * 0.75)}A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y)}z`;
  let s = path(d, fill);
  for (let i = 0; i < 3; i++) s += circle(x + w / 2 + (i - 1) * h * 0.3, y + h / 2, h * 0.09, dots);
  return s;
}
