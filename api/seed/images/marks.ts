/** Small marks: company logo, QR code, client logo, service icon, filing badges. */
import { star } from './certs.js';
import { glyph } from './glyphs.js';
import { BRAND, type Pal, tint } from './palettes.js';
import { appMark, sailEmblem } from './parts.js';
import { qrMatrix, qrPath } from './qr.js';
import { type IconGlyph } from './spec.js';
import {
  circle,
  clean,
  type Doc,
  ellipse,
  fitBlock,
  fitLine,
  g,
  hash,
  n,
  path,
  poly,
  rect,
  text,
  textWidth,
} from './svg.js';

export function logo(doc: Doc, name: string, slogan: string): string {
  const pal = BRAND;
  let s = sailEmblem(doc, 10, 10, 76, pal);
  const t = fitLine(name, 250, 36, 18, 1);
  const sl = fitLine(slogan, 250, 13, 9, 0.5);
  const hasSlogan = sl.text.length > 0;
  const ty = hasSlogan ? 52 : 62;
  s += text(98, ty, t.text, {
    size: t.size,
    weight: 800,
    fill: doc.lin(
      [
        [0, pal.deep],
        [1, pal.main],
      ],
      0,
      0,
      1,
      0,
    ),
    ls: 1,
  });
  if (hasSlogan) s += text(99, 76, sl.text, { size: sl.size, fill: '#5f6f86', ls: 0.5 });
  return s;
}

export function qr(doc: Doc, payload: string): string {
  const size = 29;
  const m = 8;
  const off = (300 - size * m) / 2;
  let s = rect(0, 0, 300, 300, '#fff');
  s += qrPath(qrMatrix(payload, size), off, off, m, '#111');
  // Centre logo on a white plate, as on most Chinese corporate QR codes.
  s += rect(150 - 26, 150 - 26, 52, 52, '#fff', { rx: 8 });
  s += appMark(doc, 150 - 21, 150 - 21, 42, BRAND);
  return s;
}

function emblem(doc: Doc, kind: number, x: number, y: number, s: number, pal: Pal, first: string): string {
  const c = doc.grad(pal.main, pal.teal);
  const cx = x + s / 2;
  const cy = y + s / 2;
  const r = s / 2;
  switch (kind) {
    case 0: {
      const hex: Array<[number, number]> = [];
      for (let i = 0; i < 6; i++)
        hex.push([
          cx + Math.cos((Math.PI / 3) * i - Math.PI / 2) * r,
          cy + Math.sin((Math.PI / 3) * i - Math.PI / 2) * r,
        ]);
      return (
        path(poly(hex), c) +
        path(
          poly([
            [cx, cy - r * 0.45],
            [cx + r * 0.42, cy + r * 0.32],
            [cx - r * 0.42, cy + r * 0.32],
          ]),
          '#fff',
        )
      );
    }
    case 1:
      return (
        circle(cx - r * 0.3, cy, r * 0.68, pal.main, { opacity: 0.9 }) +
        circle(cx + r * 0.3, cy, r * 0.68, pal.teal, { opacity: 0.8 })
      );
    case 2:
      return (
        g(rect(-r * 0.7, -r * 0.7, r * 1.4, r * 1.4, c, { rx: r * 0.18 }), {
          transform: `translate(${n(cx)} ${n(cy)}) rotate(45)`,
        }) +
        g(rect(-r * 0.32, -r * 0.32, r * 0.64, r * 0.64, '#fff', { rx: r * 0.08 }), {
          transform: `translate(${n(cx)} ${n(cy)}) rotate(45)`,
        })
      );
    case 3:
      return (
        path(
          `M${n(cx - r)} ${n(cy + r)}C${n(cx - r)} ${n(cy - r * 0.2)} ${n(cx - r * 0.2)} ${n(cy - r)} ${n(cx + r)} ${n(cy - r)}C${n(cx + r)} ${n(cy + r * 0.2)} ${n(cx + r * 0.2)} ${n(cy + r)} ${n(cx - r)} ${n(cy + r)}Z`,
          c,
        ) +
        path(`M${n(cx - r * 0.7)} ${n(cy + r * 0.7)}L${n(cx + r * 0.5)} ${n(cy - r * 0.5)}`, 'none', {
          stroke: '#fff',
          'stroke-width': r * 0.1,
          'stroke-linecap': 'round',
        })
      );
    case 4:
      return [0.45, 0.75, 1]
        .map((h, i) =>
          rect(x + i * s * 0.36, y + s * (1 - h), s * 0.28, s * h, i === 2 ? pal.accent : i ? pal.teal : pal.main, {
            rx: s * 0.06,
          }),
        )
        .join('');
    case 5:
      return (
        circle(cx, cy, r * 0.82, 'none', { stroke: c, 'stroke-width': r * 0.28 }) +
        circle(cx + r * 0.6, cy - r * 0.6, r * 0.24, pal.accent, { stroke: '#fff', 'stroke-width': r * 0.08 })
      );
    case 6:
      return (
        path(
          `M${n(x)} ${n(y + s)}L${n(x + s * 0.38)} ${n(y + s * 0.2)}L${n(x + s * 0.62)} ${n(y + s * 0.66)}L${n(x + s * 0.76)} ${n(y + s * 0.42)}L${n(x + s)} ${n(y + s)}Z`,
          c,
        ) + circle(x + s * 0.8, y + s * 0.14, s * 0.11, pal.accent)
      );
    default:
      return (
        rect(x, y, s, s, c, { rx: s * 0.24 }) +
        text(cx, cy + s * 0.2, first, { size: s * 0.56, weight: 700, fill: '#fff', anchor: 'middle' })
      );
  }
}

export function clientLogo(doc: Doc, pal: Pal, name: string): string {
  const W = 240;
  const H = 120;
  const first = Array.from(clean(name))[0] ?? '云';
  const kind = hash(name) % 8;
  let s = rect(0, 0, W, H, '#fff');
  const es = 44;
  const one = fitLine(name, W - 28 - es - 12, 22, 15, 0.5);
  if (one.text === clean(name)) {
    const tw = textWidth(one.text, one.size, 0.5);
    const total = es + (tw ? 12 + tw : 0);
    const x0 = (W - total) / 2;
    s += emblem(doc, kind, x0, (H - es) / 2, es, pal, first);
    if (tw)
      s += text(x0 + es + 12, H / 2 + one.size * 0.36, one.text, {
        size: one.size,
        weight: 700,
        fill: pal.deep,
        ls: 0.5,
      });
  } else {
    const es2 = 34;
    s += emblem(doc, kind, (W - es2) / 2, 14, es2, pal, first);
    const tb = fitBlock(name, W - 24, 17, 11, 2);
    const lh = tb.size * 1.25;
    let y = 14 + es2 + 8 + tb.size * 0.95;
    if (tb.lines.length === 1) y += lh * 0.3;
    tb.lines.forEach((l) => {
      s += text(W / 2, y, l, { size: tb.size, weight: 700, fill: pal.deep, anchor: 'middle' });
      y += lh;
    });
  }
  return s;
}

export function icon(doc: Doc, pal: Pal, name: IconGlyph): string {
  const tile = doc.lin(
    [
      [0, tint(pal.main, 0.05)],
      [1, pal.teal],
    ],
    0,
    0,
    1,
    1,
  );
  let s = rect(8, 6, 112, 112, tile, { rx: 28, filter: doc.shadow(5, 5, pal.deep, 0.25) });
  s += path('M8 40a28 28 0 0 1 28-28h56a28 28 0 0 1 28 28v6C92 60 44 36 8 66z', '#fff', { opacity: 0.12 });
  s += circle(104, 104, 26, '#fff', { opacity: 0.06 });
  s += g(glyph(name, pal.main), { transform: 'translate(32 30)' });
  return s;
}

export function filingMark(doc: Doc, variant: 'police' | 'icp'): string {
  if (variant === 'police') {
    const gold = doc.grad('#f6d36b', '#c8961f', 0, 0, 0, 1);
    let s = path('M20 2.5L34.5 7.5V19C34.5 28 28.5 34.5 20 37.5C11.5 34.5 5.5 28 5.5 19V7.5Z', gold);
    s += path(
      'M20 5.6L31.6 9.6V19C31.6 26.4 26.8 31.6 20 34.3C13.2 31.6 8.4 26.4 8.4 19V9.6Z',
      doc.grad('#2f6fe0', '#0b3d91', 0, 0, 0, 1),
    );
    s += path(poly(star(20, 17.5, 6.2)), gold);
    // Two laurel sprigs under the star.
    s += path('M13.2 18.5Q13 25.5 19 29.2M26.8 18.5Q27 25.5 21 29.2', 'none', {
      stroke: '#f6d36b',
      'stroke-width': 1.1,
      'stroke-linecap': 'round',
    });
    for (const [x, y, r] of [
      [12.6, 21.5, -20],
      [14.2, 25.2, -45],
      [16.8, 27.9, -70],
    ] as const) {
      s += ellipse(x, y, 0.9, 1.9, '#f6d36b', { transform: `rotate(${r} ${x} ${y})` });
      s += ellipse(40 - x, y, 0.9, 1.9, '#f6d36b', { transform: `rotate(${-r} ${40 - x} ${y})` });
    }
    return s;
  }
  let s = circle(20, 20, 18.5, doc.grad('#3b8bff', '#0b3d91', 0, 0, 0, 1));
  s += circle(20, 20, 15.5, 'none', { stroke: '#fff', 'stroke-width': 1, opacity: 0.7 });
  s += text(20, 23.8, 'ICP', { size: 10.5, weight: 800, fill: '#fff', anchor: 'middle' });
  s += path('M13 28.5h14', 'none', { stroke: '#f5a623', 'stroke-width': 1.6, 'stroke-linecap': 'round' });
  return s;
}
