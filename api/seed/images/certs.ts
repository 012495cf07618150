/** Honour documents (certificate, business licence, software copyright) and brand-culture illustrations. */
import { qrMatrix, qrPath } from './qr.js';
import { BRAND, tint } from './palettes.js';
import { paragraph } from './parts.js';
import {
  bar,
  circle,
  type Doc,
  el,
  ellipse,
  esc,
  fine,
  fitBlock,
  fitLine,
  g,
  n,
  path,
  poly,
  rect,
  type Rng,
  text,
} from './svg.js';

const SEAL_RED = '#d42a20';
const GOLD_DARK = '#a8792a';

export function star(cx: number, cy: number, r: number): Array<[number, number]> {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.4 : r;
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  return pts;
}

/** A round red company-style seal: double ring, star, arc text, worn-ink texture. */
function roundSeal(doc: Doc, cx: number, cy: number, r: number, label: string, paper: string): string {
  const rng = doc.rng;
  let s = circle(cx, cy, r, 'none', { stroke: SEAL_RED, 'stroke-width': r * 0.075 });
  s += circle(cx, cy, r * 0.86, 'none', { stroke: SEAL_RED, 'stroke-width': r * 0.02 });
  s += path(poly(star(cx, cy + r * 0.02, r * 0.27)), SEAL_RED);
  const R = r * 0.64;
  const a = Math.PI / 6;
  const id = doc.raw((id) =>
    el('path', {
      id,
      d: `M${n(cx - R * Math.cos(a))} ${n(cy + R * Math.sin(a))}A${n(R)} ${n(R)} 0 1 1 ${n(cx + R * Math.cos(a))} ${n(cy + R * Math.sin(a))}`,
    }),
  );
  const chars = Array.from(label);
  const size = r * 0.22;
  const arcLen = R * (Math.PI * 2 - 2 * a) * 0.92;
  const ls = Math.max(0, (arcLen - chars.length * size) / Math.max(1, chars.length));
  s += el(
    'text',
    { 'font-size': size, 'font-weight': 700, fill: SEAL_RED, 'letter-spacing': ls },
    el('textPath', { href: `#${id}`, startOffset: '50%', 'text-anchor': 'middle' }, esc(label)),
  );
  s += bar(cx - r * 0.34, cy + r * 0.46, r * 0.68, r * 0.05, SEAL_RED);
  for (let i = 0; i < 26; i++) {
    const ang = rng.range(0, Math.PI * 2);
    const d = Math.sqrt(rng.next()) * r;
    s += circle(cx + Math.cos(ang) * d, cy + Math.sin(ang) * d, rng.range(0.4, 1.8), paper, {
      opacity: fine(rng.range(0.5, 0.9)),
    });
  }
  return g(s, { opacity: 0.88, transform: `rotate(${n(rng.range(-14, 14))} ${n(cx)} ${n(cy)})` });
}

function goldGrad(doc: Doc): string {
  return doc.lin(
    [
      [0, '#b8862b'],
      [0.5, '#f3d27a'],
      [1, '#b8862b'],
    ],
    0,
    0,
    1,
    1,
  );
}

function corner(x: number, y: number, sx: number, sy: number, color: string): string {
  return g(
    path('M0 34V10a10 10 0 0 1 10-10h24M8 40V18a10 10 0 0 1 10-10h22', 'none', { stroke: color, 'stroke-width': 2.2 }) +
      path(
        poly([
          [16, 10],
          [22, 16],
          [16, 22],
          [10, 16],
        ]),
        color,
      ),
    { transform: `translate(${n(x)} ${n(y)}) scale(${sx} ${sy})` },
  );
}

export function honour(doc: Doc, title: string, variant: 'certificate' | 'licence' | 'software'): string {
  const W = 600;
  const H = 420;
  const rng = doc.rng;
  let s = '';
  if (variant === 'certificate') {
    const paper = '#fffaf0';
    s += rect(
      0,
      0,
      W,
      H,
      doc.lin(
        [
          [0, '#fffdf6'],
          [1, '#fbefd6'],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    s += rect(
      0,
      0,
      W,
      H,
      doc.pattern(26, 26, path('M13 0L26 13L13 26L0 13Z', 'none', { stroke: '#e9d6aa', 'stroke-width': 0.6 })),
      { opacity: 0.5 },
    );
    s += rect(14, 14, W - 28, H - 28, 'none', { stroke: goldGrad(doc), 'stroke-width': 10 });
    s += rect(30, 30, W - 60, H - 60, 'none', { stroke: GOLD_DARK, 'stroke-width': 1.2 });
    s +=
      corner(36, 36, 1, 1, GOLD_DARK) +
      corner(W - 36, 36, -1, 1, GOLD_DARK) +
      corner(36, H - 36, 1, -1, GOLD_DARK) +
      corner(W - 36, H - 36, -1, -1, GOLD_DARK);
    s += text(W / 2, 96, '荣誉证书', { size: 44, weight: 700, fill: '#b8281f', anchor: 'middle', ls: 10 });
    s += text(W / 2, 122, 'CERTIFICATE OF HONOR', { size: 12, fill: GOLD_DARK, anchor: 'middle', ls: 4 });
    s +=
      bar(W / 2 - 120, 136, 90, 1.5, GOLD_DARK) +
      bar(W / 2 + 30, 136, 90, 1.5, GOLD_DARK) +
      path(poly(star(W / 2, 137, 6)), GOLD_DARK);
    const tb = fitBlock(title, 440, 30, 18, 2);
    let y = 196 - ((tb.lines.length - 1) * tb.size * 1.35) / 2;
    tb.lines.forEach((l) => {
      s += text(W / 2, y, l, { size: tb.size, weight: 700, fill: '#5a3a12', anchor: 'middle' });
      y += tb.size * 1.35;
    });
    s += paragraph(110, 250, 380, 2, 20, 7, rng, '#e6d4ae');
    s += bar(360, 318, 130, 7, '#e6d4ae') + bar(380, 340, 110, 7, '#e6d4ae');
    s += roundSeal(doc, 430, 318, 50, '荣誉证书专用章', paper);
    // Ribbon medal bottom-left.
    s += path('M96 318l-14 50 16-8 10 14 8-44z', '#c8362b') + path('M124 318l14 50-16-8-10 14-8-44z', '#a82a20');
    s +=
      circle(110, 310, 26, goldGrad(doc)) +
      circle(110, 310, 19, 'none', { stroke: '#fff6d8', 'stroke-width': 1.5 }) +
      path(poly(star(110, 310, 11)), '#fff6d8');
  } else if (variant === 'licence') {
    const paper = '#fbf8f0';
    const frame = '#b89552';
    s += rect(0, 0, W, H, paper);
    s += rect(
      10,
      10,
      W - 20,
      H - 20,
      doc.pattern(10, 10, path('M5 0L10 5L5 10L0 5Z', 'none', { stroke: frame, 'stroke-width': 0.8 })),
    );
    s += rect(22, 22, W - 44, H - 44, paper, { stroke: frame, 'stroke-width': 1.5 });
    s += rect(10, 10, W - 20, H - 20, 'none', { stroke: frame, 'stroke-width': 2 });
    const t = fitLine(title, 300, 40, 22, 10);
    s += text(W / 2, 86, t.text, { size: t.size, weight: 700, fill: '#c0281e', anchor: 'middle', ls: 10 });
    s += text(W / 2, 112, '（副　本）', { size: 14, fill: '#5b4636', anchor: 'middle' });
    const code = Array.from({ length: 18 }, () => '0123456789ABCDEFGHJKLMNPQRTUWXY'.charAt(rng.int(0, 30))).join('');
    s +=
      text(44, 60, '统一社会信用代码', { size: 10.5, fill: '#5b4636' }) +
      text(44, 76, code, { size: 10.5, fill: '#333', weight: 600 });
    const qx = 488;
    const qy = 40;
    s += rect(qx - 4, qy - 4, 72, 72, '#fff') + qrPath(qrMatrix(code, 21), qx, qy, 64 / 21, '#222');
    const labels = ['名　　称', '类　　型', '法定代表人', '经营范围', '注册资本', '成立日期', '住　　所'];
    const tx = 60;
    const ty = 134;
    const rowH = 30;
    s += rect(tx, ty, W - 120, rowH * labels.length, 'none', { stroke: frame, 'stroke-width': 1 });
    s += rect(tx + 100, ty, 1, rowH * labels.length, frame);
    labels.forEach((l, i) => {
      const y = ty + i * rowH;
      if (i) s += rect(tx, y, W - 120, 0.8, frame, { opacity: 0.6 });
      s += text(tx + 12, y + 19.5, l, { size: 12.5, fill: '#5b4636' });
      const lines = l === '经营范围' ? 1 : 1;
      for (let k = 0; k < lines; k++) s += bar(tx + 114, y + 12, rng.range(120, 300), 7, '#d9cfbb');
    });
    s += text(W - 190, 388, '登记机关', { size: 13, fill: '#5b4636' });
    s += roundSeal(doc, W - 118, 352, 46, '市场监督管理专用章', paper);
  } else {
    const paper = '#fdfcf7';
    const frame = '#8a6a32';
    s += rect(0, 0, W, H, paper);
    s += rect(
      0,
      0,
      W,
      H,
      doc.pattern(40, 40, circle(20, 20, 18, 'none', { stroke: tint(BRAND.main, 0.82), 'stroke-width': 0.7 })),
      { opacity: 0.6 },
    );
    s += rect(12, 12, W - 24, H - 24, 'none', { stroke: frame, 'stroke-width': 6 });
    s += rect(24, 24, W - 48, H - 48, 'none', { stroke: frame, 'stroke-width': 1 });
    s += rect(29, 29, W - 58, H - 58, 'none', { stroke: frame, 'stroke-width': 0.6, 'stroke-dasharray': '4 3' });
    // Rosette ornament (decorative, not an emblem).
    let ro = '';
    for (let i = 0; i < 12; i++)
      ro += ellipse(W / 2, 52, 4, 13, '#c9a24c', { transform: `rotate(${i * 30} ${W / 2} 66)`, opacity: 0.85 });
    s += ro + circle(W / 2, 66, 8, '#fdfcf7', { stroke: '#c9a24c', 'stroke-width': 2 });
    const tb = fitBlock(title, 460, 30, 18, 2);
    let y = 122;
    tb.lines.forEach((l) => {
      s += text(W / 2, y, l, { size: tb.size, weight: 700, fill: '#8c1d18', anchor: 'middle', ls: 2 });
      y += tb.size * 1.3;
    });
    const no = String(rng.int(1000000, 9999999));
    s += text(W / 2, y + 2, `证书号：软著登字第${no}号`, { size: 12.5, fill: '#4a3a20', anchor: 'middle' });
    const rows = ['软件名称：', '著作权人：', '开发完成日期：', '首次发表日期：', '权利取得方式：', '权利范围：'];
    rows.forEach((l, i) => {
      const yy = y + 34 + i * 24;
      s += text(80, yy, l, { size: 12.5, fill: '#4a3a20' });
      s += bar(80 + l.length * 12.5 + 6, yy - 8, rng.range(110, 230), 7, '#ddd3bd');
    });
    s += paragraph(80, y + 34 + rows.length * 24 - 4, 300, 2, 16, 6, rng, '#e4dccb');
    s += roundSeal(doc, W - 130, H - 96, 50, '著作权登记专用章', paper);
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------------------

function auspiciousCloud(x: number, y: number, k: number, fill: string, stroke: string): string {
  const d =
    'M0 26a11 11 0 0 1 8-18a14 14 0 0 1 26-2a11 11 0 0 1 20 6a9 9 0 0 1 2 18H0z' +
    'M58 30c12 0 16-14 6-18c-6-2-10 4-6 8';
  return g(
    path(d, fill, { stroke, 'stroke-width': 2 / k, 'stroke-linejoin': 'round' }) +
      path('M14 22a6 6 0 1 1 8 4M36 18a5 5 0 1 1 7 4', 'none', {
        stroke,
        'stroke-width': 1.6 / k,
        'stroke-linecap': 'round',
      }),
    { transform: `translate(${n(x)} ${n(y)}) scale(${fine(k)})` },
  );
}

function robedFigure(x: number, y: number, robe: string, ribbon: string): string {
  let s = path(
    `M${x - 40} ${y + 20}C${x - 70} ${y - 10} ${x - 30} ${y - 50} ${x + 10} ${y - 30}C${x + 50} ${y - 10} ${x + 70} ${y - 60} ${x + 90} ${y - 40}`,
    'none',
    {
      stroke: ribbon,
      'stroke-width': 4,
      'stroke-linecap': 'round',
      opacity: 0.9,
    },
  );
  s += path(
    `M${x - 10} ${y - 20}Q${x - 30} ${y + 60} ${x - 36} ${y + 110}H${x + 36}Q${x + 30} ${y + 60} ${x + 10} ${y - 20}Z`,
    robe,
  );
  s += path(
    `M${x - 10} ${y - 14}Q${x - 34} ${y + 20} ${x - 44} ${y + 40}L${x - 32} ${y + 46}Q${x - 20} ${y + 24} ${x - 4} ${y + 6}Z`,
    robe,
    { opacity: 0.85 },
  );
  s += path(
    `M${x + 10} ${y - 14}Q${x + 34} ${y + 20} ${x + 44} ${y + 40}L${x + 32} ${y + 46}Q${x + 20} ${y + 24} ${x + 4} ${y + 6}Z`,
    robe,
    { opacity: 0.85 },
  );
  s += path(`M${x - 8} ${y - 18}L${x} ${y + 8}L${x + 8} ${y - 18}Z`, '#f3dcb6');
  s +=
    circle(x, y - 34, 14, '#edcaa0') +
    circle(x, y - 52, 8, '#3a2418') +
    path(`M${x - 14} ${y - 36}A14 14 0 0 1 ${x + 14} ${y - 36}Q${x} ${y - 44} ${x - 14} ${y - 36}Z`, '#3a2418');
  s += path(`M${x - 30} ${y + 104}Q${x} ${y + 96} ${x + 30} ${y + 104}`, 'none', {
    stroke: '#f3dcb6',
    'stroke-width': 3,
    opacity: 0.7,
  });
  return s;
}

function grain(rng: Rng, w: number, h: number, count: number, colors: readonly string[]): string {
  let s = '';
  for (let i = 0; i < count; i++) {
    s += circle(rng.next() * w, rng.next() * h, rng.range(0.6, 3), rng.pick(colors), {
      opacity: fine(rng.range(0.05, 0.16)),
    });
  }
  return s;
}

export function culture(doc: Doc, title: string, motif: 'mural' | 'seal' | 'space'): string {
  const W = 600;
  const H = 400;
  const rng = doc.rng;
  let s = '';
  if (motif === 'mural') {
    s += rect(
      0,
      0,
      W,
      H,
      doc.lin(
        [
          [0, '#f3d9aa'],
          [0.6, '#e2b07a'],
          [1, '#c98a55'],
        ],
        0,
        0,
        0,
        1,
      ),
    );
    s += circle(
      460,
      96,
      70,
      doc.rad([
        [0, '#fff1c4', 0.9],
        [1, '#fff1c4', 0],
      ]),
    );
    s +=
      circle(460, 96, 40, '#f7d67e') +
      circle(460, 96, 50, 'none', { stroke: '#f7d67e', 'stroke-width': 2, opacity: 0.6 });
    s += path('M0 300L80 210L150 260L240 170L330 250L420 190L520 260L600 220V400H0Z', '#c7794b', { opacity: 0.7 });
    s += path('M0 330Q90 270 180 310T360 300T600 290V400H0Z', '#a5553a', { opacity: 0.85 });
    s += auspiciousCloud(40, 70, 1.6, '#f8ead0', '#8a4b2a') + auspiciousCloud(300, 40, 1.2, '#f8ead0', '#8a4b2a');
    s += auspiciousCloud(20, 196, 1.2, '#f6e2c0', '#8a4b2a');
    s +=
      robedFigure(170, 200, '#2f6f6a', '#e8b64c') +
      robedFigure(300, 214, '#a63d2a', '#3f8f86') +
      robedFigure(420, 206, '#3b5b8c', '#e8b64c');
    s += path('M0 360Q150 330 300 356T600 350V400H0Z', '#7d3a28');
    s += grain(rng, W, H, 110, ['#ffffff', '#5a2a14']);
    for (let i = 0; i < 5; i++) {
      let x = rng.range(0, W);
      let y = rng.range(0, H);
      let d = `M${n(x)} ${n(y)}`;
      for (let k = 0; k < 5; k++) {
        x += rng.range(-24, 24);
        y += rng.range(4, 22);
        d += `L${n(x)} ${n(y)}`;
      }
      s += path(d, 'none', { stroke: '#6b3a1e', 'stroke-width': 0.8, opacity: 0.25 });
    }
    s += rect(6, 6, W - 12, H - 12, 'none', { stroke: '#7d3a28', 'stroke-width': 8, rx: 4 });
    s += rect(18, 18, W - 36, H - 36, 'none', { stroke: '#f3dcb6', 'stroke-width': 1.2, opacity: 0.7 });
    const t = fitLine(title, 380, 24, 14, 4);
    const tw = t.text ? Math.min(420, Array.from(t.text).length * (t.size + 4) + 48) : 0;
    if (tw) {
      s += rect(W / 2 - tw / 2, 334, tw, 42, '#7d3a28', { rx: 4, stroke: '#e8b64c', 'stroke-width': 1.5 });
      s += text(W / 2 + 2, 363, t.text, { size: t.size, weight: 700, fill: '#f8ead0', anchor: 'middle', ls: 4 });
    }
  } else if (motif === 'seal') {
    const paper = '#f6f0e3';
    s += rect(0, 0, W, H, paper);
    for (let i = 0; i < 70; i++) {
      const x = rng.range(0, W);
      const y = rng.range(0, H);
      const a = rng.range(0, Math.PI);
      s += path(`M${n(x)} ${n(y)}l${n(Math.cos(a) * 14)} ${n(Math.sin(a) * 14)}`, 'none', {
        stroke: '#d6c8ab',
        'stroke-width': 0.7,
        opacity: 0.6,
      });
    }
    s += ellipse(470, 330, 220, 80, '#2b2b2b', { opacity: 0.12, filter: doc.blur(28) });
    s += ellipse(90, 40, 160, 50, '#444', { opacity: 0.07, filter: doc.blur(22) });
    s += path('M300 368C380 330 470 346 572 300L576 310C480 356 392 352 302 376Z', '#2b2b2b', { opacity: 0.82 });
    s += path('M330 352C400 334 450 338 520 318', 'none', { stroke: '#2b2b2b', 'stroke-width': 1.5, opacity: 0.4 });
    s += circle(580, 292, 3, '#2b2b2b', { opacity: 0.7 }) + circle(560, 286, 1.6, '#2b2b2b', { opacity: 0.6 });
    // The seal: jittered square, carved (white) characters, worn texture.
    const sx = 70;
    const sy = 80;
    const size = 210;
    const pts: Array<[number, number]> = [];
    const side = (x0: number, y0: number, x1: number, y1: number) => {
      for (let k = 0; k < 10; k++)
        pts.push([x0 + ((x1 - x0) * k) / 10 + rng.range(-1.6, 1.6), y0 + ((y1 - y0) * k) / 10 + rng.range(-1.6, 1.6)]);
    };
    side(sx, sy, sx + size, sy);
    side(sx + size, sy, sx + size, sy + size);
    side(sx + size, sy + size, sx, sy + size);
    side(sx, sy + size, sx, sy);
    let seal = path(poly(pts), '#c3261b');
    seal += rect(sx + 10, sy + 10, size - 20, size - 20, 'none', { stroke: paper, 'stroke-width': 4, rx: 3 });
    const chars = Array.from(title.replace(/\s+/g, '')).slice(0, 4);
    const cs = (size - 40) / 2;
    const cells: Array<[number, number, number]> =
      chars.length <= 1
        ? [[sx + size / 2, sy + size / 2, size * 0.55]]
        : chars.length === 2
          ? [
              [sx + size * 0.73, sy + size / 2, cs * 0.92],
              [sx + size * 0.27, sy + size / 2, cs * 0.92],
            ]
          : chars.length === 3
            ? [
                [sx + size * 0.73, sy + size / 2, cs * 0.92],
                [sx + size * 0.27, sy + size * 0.3, cs * 0.9],
                [sx + size * 0.27, sy + size * 0.72, cs * 0.9],
              ]
            : [
                [sx + size * 0.73, sy + size * 0.3, cs * 0.9],
                [sx + size * 0.73, sy + size * 0.72, cs * 0.9],
                [sx + size * 0.27, sy + size * 0.3, cs * 0.9],
                [sx + size * 0.27, sy + size * 0.72, cs * 0.9],
              ];
    chars.forEach((c, i) => {
      const cell = cells[i];
      if (cell)
        seal += text(cell[0], cell[1] + cell[2] * 0.36, c, {
          size: cell[2],
          weight: 700,
          fill: paper,
          anchor: 'middle',
        });
    });
    for (let i = 0; i < 70; i++) {
      seal += circle(sx + rng.next() * size, sy + rng.next() * size, rng.range(0.5, 2.6), paper, {
        opacity: fine(rng.range(0.4, 1)),
      });
    }
    for (let i = 0; i < 6; i++) {
      const x = sx + rng.next() * size;
      const y = sy + rng.next() * size;
      seal += path(`M${n(x)} ${n(y)}l${n(rng.range(6, 18))} ${n(rng.range(-3, 3))}`, 'none', {
        stroke: paper,
        'stroke-width': rng.range(0.6, 1.4),
        opacity: 0.8,
      });
    }
    s += g(seal, { transform: `rotate(-3 ${sx + size / 2} ${sy + size / 2})`, opacity: 0.94 });
    // The title in ink: vertical when short, otherwise horizontal.
    const full = Array.from(title.replace(/\s+/g, ''));
    if (full.length > 0 && full.length <= 5 && full.every((c) => c.charCodeAt(0) > 0x2e80)) {
      const fs = 48;
      const x = 440;
      let y = 200 - ((full.length - 1) * fs * 1.15) / 2 + fs * 0.36;
      full.forEach((c) => {
        s += text(x, y, c, { size: fs, weight: 700, fill: '#1f1f1f', anchor: 'middle' });
        y += fs * 1.15;
      });
      s +=
        rect(x + 36, y - fs * 1.15 - 30, 22, 22, '#c3261b', { rx: 2 }) +
        rect(x + 41, y - fs * 1.15 - 25, 12, 12, 'none', { stroke: paper, 'stroke-width': 2 });
    } else {
      const tb = fitBlock(title, 250, 40, 18, 3);
      let y = 200 - ((tb.lines.length - 1) * tb.size * 1.35) / 2 + tb.size * 0.36;
      tb.lines.forEach((l) => {
        s += text(320, y, l, { size: tb.size, weight: 700, fill: '#1f1f1f' });
        y += tb.size * 1.35;
      });
    }
  } else {
    s += rect(
      0,
      0,
      W,
      H,
      doc.lin(
        [
          [0, '#060a26'],
          [0.55, '#151d55'],
          [1, '#36297a'],
        ],
        0,
        0,
        0.6,
        1,
      ),
    );
    s += circle(
      420,
      120,
      220,
      doc.rad([
        [0, '#6a5cf0', 0.35],
        [1, '#6a5cf0', 0],
      ]),
    );
    s += circle(
      120,
      80,
      160,
      doc.rad([
        [0, '#13b5b1', 0.25],
        [1, '#13b5b1', 0],
      ]),
    );
    for (let i = 0; i < 110; i++) {
      s += circle(rng.next() * W, rng.next() * H, rng.range(0.4, 1.6), '#fff', { opacity: fine(rng.range(0.3, 0.95)) });
    }
    for (let i = 0; i < 7; i++) {
      const x = rng.range(20, W - 20);
      const y = rng.range(20, 240);
      const r = rng.range(4, 8);
      s += path(
        `M${n(x)} ${n(y - r)}Q${n(x)} ${n(y)} ${n(x + r)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y + r)}Q${n(x)} ${n(y)} ${n(x - r)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y - r)}Z`,
        '#fff',
        { opacity: 0.85 },
      );
    }
    s += ellipse(300, 210, 250, 80, 'none', {
      stroke: '#fff',
      'stroke-width': 1.2,
      opacity: 0.22,
      'stroke-dasharray': '4 8',
      transform: 'rotate(-14 300 210)',
    });
    s += ellipse(300, 210, 180, 56, 'none', {
      stroke: '#fff',
      'stroke-width': 1,
      opacity: 0.16,
      transform: 'rotate(-14 300 210)',
    });
    s += circle(
      96,
      360,
      120,
      doc.lin(
        [
          [0, '#ffb26b'],
          [1, '#c2417a'],
        ],
        0.2,
        0,
        0.8,
        1,
      ),
    );
    s += circle(130, 330, 120, '#000', { opacity: 0.12 });
    s += ellipse(96, 360, 175, 30, 'none', {
      stroke: '#ffd59e',
      'stroke-width': 5,
      opacity: 0.75,
      transform: 'rotate(-16 96 360)',
    });
    s +=
      circle(
        520,
        80,
        26,
        doc.lin([
          [0, '#8be9ff'],
          [1, BRAND.main],
        ]),
      ) +
      ellipse(520, 80, 40, 8, 'none', {
        stroke: '#bdefff',
        'stroke-width': 2,
        opacity: 0.7,
        transform: 'rotate(20 520 80)',
      });
    // Rocket with flame and trail.
    let r = '';
    for (let i = 0; i < 6; i++)
      r += circle(rng.range(-8, 8), 70 + i * 22, 10 + i * 4, '#fff', { opacity: fine(0.22 - i * 0.03) });
    r += path(
      'M-12 40Q0 110 12 40Z',
      doc.lin(
        [
          [0, '#ffe27a'],
          [1, '#ff7a2f', 0],
        ],
        0,
        0,
        0,
        1,
      ),
    );
    r += path('M-7 40Q0 80 7 40Z', '#fff6c8');
    r += path('M-16 10L-34 44L-14 38Z', '#f5a623') + path('M16 10L34 44L14 38Z', '#f5a623');
    r += path(
      'M0 -74C24 -44 26 8 16 42H-16C-26 8-24-44 0-74Z',
      doc.lin(
        [
          [0, '#ffffff'],
          [1, '#c9d3e6'],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    r += path('M0 -74C10 -62 16 -50 19 -38H-19C-16 -50-10-62 0-74Z', '#e8523f');
    r +=
      circle(0, -12, 10, '#2f7cf6', { stroke: '#fff', 'stroke-width': 3 }) +
      circle(-3, -15, 3, '#fff', { opacity: 0.7 });
    r += rect(-2, 6, 4, 30, '#c9d3e6');
    s += g(r, { transform: 'translate(380 196) rotate(35)' });
    const t = fitLine(title, 270, 30, 16, 2);
    s += bar(300, 318, 40, 4, '#f5a623');
    s += text(300, 358, t.text, { size: t.size, weight: 700, fill: '#fff', ls: 2 });
  }
  return s;
}
