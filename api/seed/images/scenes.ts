/** Large illustrations: banners, page banners, section backgrounds, news covers and the company profile scene. */
import { browser, laptop, phone } from './devices.js';
import { BRAND, type Pal, shade, tint } from './palettes.js';
import { barChart, card, chatBubble, donut, lineChart, paragraph, sailEmblem } from './parts.js';
import { SCREENS } from './screens.js';
import {
  bar,
  circle,
  type Doc,
  ellipse,
  fitBlock,
  fitLine,
  fitPhrases,
  g,
  n,
  path,
  rect,
  type Rng,
  text,
  textWidth,
} from './svg.js';

function particles(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  count: number,
  avoid?: readonly [number, number, number, number],
): string {
  let s = '';
  for (let i = 0; i < count; i++) {
    const px = x + rng.next() * w;
    const py = y + rng.next() * h;
    const r = rng.range(1.2, 3.6);
    const o = Math.round(rng.range(0.15, 0.6) * 100) / 100;
    if (avoid && px > avoid[0] && px < avoid[2] && py > avoid[1] && py < avoid[3]) continue;
    s += circle(px, py, r, '#fff', { opacity: o });
  }
  return s;
}

function wave(w: number, y: number, amp: number, len: number, phase: number, bottom: number): string {
  let d = `M0 ${n(bottom)}V${n(y + Math.sin(phase) * amp)}`;
  const steps = Math.ceil(w / (len / 2));
  for (let i = 1; i <= steps; i++) {
    const x0 = ((i - 1) * len) / 2;
    const x1 = (i * len) / 2;
    const cy = y + (i % 2 ? -1 : 1) * amp * 2 + Math.sin(phase) * amp;
    d += `Q${n((x0 + x1) / 2)} ${n(cy)} ${n(x1)} ${n(y + Math.sin(phase) * amp)}`;
  }
  return d + `V${n(bottom)}Z`;
}

function plus(x: number, y: number, s: number, color: string, opacity: number): string {
  return path(`M${n(x - s)} ${n(y)}h${n(2 * s)}M${n(x)} ${n(y - s)}v${n(2 * s)}`, 'none', {
    stroke: color,
    'stroke-width': s * 0.5,
    'stroke-linecap': 'round',
    opacity,
  });
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * 1920×600 home banner. `variant` (wrapping 0–2) picks the illustration: browser + phone, laptop dashboard + mini
 * program, or WeChat + mini program phones in front of a browser.
 */
export function banner(doc: Doc, pal: Pal, title: string, subtitle: string, variant: number): string {
  const W = 1920;
  const H = 600;
  const rng = doc.rng;
  let s = rect(
    0,
    0,
    W,
    H,
    doc.lin(
      [
        [0, pal.deep],
        [0.6, shade(pal.main, 0.12)],
        [1, pal.main],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s += circle(
    1500,
    100,
    620,
    doc.rad([
      [0, pal.teal, 0.5],
      [1, pal.teal, 0],
    ]),
  );
  s += circle(
    220,
    640,
    560,
    doc.rad([
      [0, pal.main, 0.55],
      [1, pal.main, 0],
    ]),
  );
  s += path('M980 0H1240L760 600H500Z', '#fff', { opacity: 0.035 });
  s += path('M1320 0H1420L940 600H840Z', '#fff', { opacity: 0.03 });
  for (const r of [260, 340, 420])
    s += circle(1270, 300, r, 'none', { stroke: '#fff', 'stroke-width': 1.5, opacity: 0.07 });
  s += circle(1270, 300, 300, 'none', { stroke: '#fff', 'stroke-width': 2, opacity: 0.12, 'stroke-dasharray': '2 14' });
  s += rect(150, 70, 180, 140, doc.pattern(20, 20, circle(3, 3, 2, '#fff', { opacity: 0.18 })));
  s += rect(1620, 400, 160, 120, doc.pattern(20, 20, circle(3, 3, 2, '#fff', { opacity: 0.18 })));
  s += path(wave(W, 540, 14, 640, 0.6, H), '#fff', { opacity: 0.06 });
  s += path(wave(W, 565, 10, 480, 2.1, H), '#fff', { opacity: 0.08 });
  s += particles(rng, 0, 0, W, H, 22, [340, 60, 980, 540]);
  s += plus(880, 120, 9, pal.accent, 0.9) + plus(1600, 90, 7, '#fff', 0.5) + plus(930, 500, 6, '#fff', 0.4);

  // Text block on the left of the centre 1200 px (x 360..1560), which every screen shows: desktops crop the sides
  // of wider pictures, and the mobile home shows exactly this part (docs/behaviour.md#mobile-pages). The text
  // keeps 50 px inside it, and is large enough to read there at a phone's width (a third of its size).
  const x = 410;
  const hl = fitBlock(title, 540, 62, 38, 2);
  const sub = fitPhrases(subtitle, 540, 36, 28, 2);
  const hlH = hl.lines.length * hl.size * 1.25;
  const subH = sub.lines.length * sub.size * 1.5;
  const total = hlH + 22 + subH + 40 + 56;
  let y = Math.max(60, 300 - total / 2);
  s += bar(x + 2, y - 8, 56, 6, pal.accent);
  y += 18;
  hl.lines.forEach((l) => {
    y += hl.size * 1.25;
    s += text(x, y - hl.size * 0.22, l, { size: hl.size, weight: 700, fill: '#fff', ls: 1 });
  });
  y += 22;
  sub.lines.forEach((l) => {
    y += sub.size * 1.5;
    s += text(x + 2, y - sub.size * 0.4, l, { size: sub.size, fill: '#fff', opacity: 0.9 });
  });
  y += 40;
  s += bar(x + 2, y, 180, 56, doc.grad(pal.accent, tint(pal.accent, 0.2), 0, 0, 1, 0), {
    filter: doc.shadow(6, 10, shade(pal.accent, 0.4), 0.35),
  });
  s += text(x + 92, y + 37, '立即咨询', { size: 24, weight: 600, fill: '#fff', anchor: 'middle' });
  s += bar(x + 202, y, 180, 56, 'none', { stroke: '#fff', 'stroke-width': 1.5, opacity: 0.7 });
  s += text(x + 292, y + 37, '了解更多 →', { size: 24, fill: '#fff', anchor: 'middle' });

  // Illustration on the right (x 960..1560).
  s += ellipse(1270, 520, 300, 34, '#fff', { opacity: 0.1 });
  s += ellipse(1270, 520, 230, 22, '#fff', { opacity: 0.08 });
  const v = ((variant % 3) + 3) % 3;
  const name = clip8(title);
  if (v === 0) {
    s += browser(doc, 1010, 110, 470, 330, (w, h) => SCREENS[1](doc, w, h, pal, name, 0));
    s += phone(doc, 1410, 236, 140, 290, (w, h) => SCREENS[2](doc, w, h, pal, name, 0));
    s += statCard(doc, pal, 960, 372, 'bars');
    s += chatBubble(1300, 60, 124, 48, pal.accent, '#fff');
  } else if (v === 1) {
    s += laptop(doc, 1000, 120, 470, 330, (w, h) => SCREENS[5](doc, w, h, pal, name, 0));
    s += phone(doc, 1410, 226, 140, 290, (w, h) => SCREENS[4](doc, w, h, pal, name, 0));
    s += statCard(doc, pal, 960, 380, 'donut');
    s += chatBubble(1330, 70, 124, 48, '#07c160', '#fff');
  } else {
    s += browser(doc, 1070, 96, 430, 300, (w, h) => SCREENS[1](doc, w, h, pal, name, 1), true);
    s += phone(doc, 1180, 150, 170, 350, (w, h) => SCREENS[3](doc, w, h, pal, name, 0));
    s += phone(doc, 1390, 210, 140, 290, (w, h) => SCREENS[4](doc, w, h, pal, name, 0));
    s += chatBubble(990, 150, 140, 52, '#fff', pal.main);
    s += chatBubble(1030, 222, 110, 44, '#07c160', '#fff');
    s += statCard(doc, pal, 960, 372, 'line');
  }
  return s;
}

/** The product name shown inside banner mock-ups: a short version of the headline. */
function clip8(title: string): string {
  const chars = Array.from(title.replace(/\s+/g, ''));
  return chars.length > 8 ? chars.slice(0, 8).join('') : chars.join('') || '云帆科技';
}

function statCard(doc: Doc, pal: Pal, x: number, y: number, kind: 'bars' | 'donut' | 'line'): string {
  const rng = doc.rng;
  let s = card(doc, x, y, 200, 124, 14);
  s += text(x + 18, y + 30, kind === 'donut' ? '客户满意度' : '业绩增长', { size: 15, fill: '#8a96a8' });
  s += text(x + 18, y + 60, kind === 'donut' ? '98%' : `+${rng.int(60, 180)}%`, {
    size: 26,
    weight: 700,
    fill: pal.main,
  });
  if (kind === 'bars') s += barChart(doc, x + 100, y + 24, 84, 40, pal, rng, 5);
  else if (kind === 'donut') s += donut(x + 150, y + 46, 24, 10, [0.62, 0.24, 0.14], [pal.main, pal.teal, pal.accent]);
  else s += lineChart(doc, x + 104, y + 22, 80, 42, pal, rng, 1, false);
  s += bar(x + 18, y + 84, 164, 7, '#edf1f6') + bar(x + 18, y + 84, 120, 7, doc.grad(pal.main, pal.teal, 0, 0, 1, 0));
  s += bar(x + 18, y + 102, 100, 7, '#edf1f6');
  return s;
}

// ---------------------------------------------------------------------------------------------------------------

export function pageBanner(doc: Doc, pal: Pal, title: string, subtitle: string): string {
  const W = 1920;
  const H = 400;
  const rng = doc.rng;
  let s = rect(
    0,
    0,
    W,
    H,
    doc.lin(
      [
        [0, pal.deep],
        [1, pal.main],
      ],
      0,
      0,
      1,
      0.4,
    ),
  );
  s += circle(
    1560,
    40,
    460,
    doc.rad([
      [0, pal.teal, 0.4],
      [1, pal.teal, 0],
    ]),
  );
  s += circle(
    300,
    420,
    360,
    doc.rad([
      [0, pal.main, 0.35],
      [1, pal.main, 0],
    ]),
  );
  for (const r of [120, 190, 260, 330])
    s += circle(1480, 200, r, 'none', { stroke: '#fff', 'stroke-width': 1.5, opacity: 0.07 });
  s += circle(1480, 200, 225, 'none', { stroke: '#fff', 'stroke-width': 2, opacity: 0.14, 'stroke-dasharray': '2 12' });
  s += g(rect(-40, -40, 80, 80, '#fff', { rx: 16, opacity: 0.08 }), { transform: 'translate(1330 110) rotate(45)' });
  s += g(rect(-26, -26, 52, 52, '#fff', { rx: 10, opacity: 0.1 }), { transform: 'translate(1600 300) rotate(30)' });
  s += g(rect(-18, -18, 36, 36, pal.accent, { rx: 8, opacity: 0.8 }), { transform: 'translate(1610 120) rotate(20)' });
  s += circle(1540, 120, 10, '#fff', { opacity: 0.5 }) + circle(1260, 240, 6, pal.teal, { opacity: 0.9 });
  s += rect(1150, 50, 200, 120, doc.pattern(20, 20, circle(3, 3, 1.8, '#fff', { opacity: 0.18 })));
  s += path(wave(W, 360, 8, 720, 1.2, H), '#fff', { opacity: 0.06 });
  s += particles(rng, 900, 0, 1000, H, 16);
  // Frosted-glass cards: a quiet hint of a web page and a chart.
  const glass = { stroke: '#fff', 'stroke-opacity': 0.35, 'stroke-width': 1.5 };
  s += rect(1190, 96, 280, 184, '#fff', { rx: 16, 'fill-opacity': 0.1, ...glass });
  s += circle(1214, 118, 5, '#fff', { opacity: 0.5 }) + circle(1230, 118, 5, '#fff', { opacity: 0.35 });
  s += rect(1210, 140, 240, 62, '#fff', { rx: 8, opacity: 0.14 });
  s += bar(1226, 158, 120, 10, '#fff', { opacity: 0.45 }) + bar(1226, 178, 80, 8, '#fff', { opacity: 0.3 });
  for (let i = 0; i < 3; i++) s += rect(1210 + i * 82, 214, 74, 48, '#fff', { rx: 6, opacity: 0.12 });
  s += rect(1400, 216, 150, 120, '#fff', { rx: 14, 'fill-opacity': 0.16, ...glass });
  s += donut(1445, 276, 24, 9, [0.55, 0.25], ['#fff', pal.accent]);
  s += bar(1482, 262, 50, 7, '#fff', { opacity: 0.5 }) + bar(1482, 280, 36, 7, '#fff', { opacity: 0.3 });
  const t = fitLine(title, 760, 52, 30, 2);
  const sub = fitBlock(subtitle, 700, 22, 16, 2);
  const blockH = t.size + 24 + sub.lines.length * sub.size * 1.5;
  let y = 200 - blockH / 2 + t.size * 0.85;
  s += bar(360, y - t.size - 14, 48, 5, pal.accent);
  s += text(358, y, t.text, { size: t.size, weight: 700, fill: '#fff', ls: 2 });
  y += 20;
  sub.lines.forEach((l) => {
    y += sub.size * 1.5;
    s += text(360, y - sub.size * 0.3, l, { size: sub.size, fill: '#fff', opacity: 0.82 });
  });
  return s;
}

// ---------------------------------------------------------------------------------------------------------------

export function sectionBg(doc: Doc, pal: Pal, pattern: 'dots' | 'waves' | 'grid'): string {
  const W = 1920;
  const H = 900;
  let s = rect(
    0,
    0,
    W,
    H,
    doc.lin(
      [
        [0, tint(pal.soft, 0.3)],
        [0.5, '#ffffff'],
        [1, tint(pal.soft, 0.1)],
      ],
      0,
      0,
      0,
      1,
    ),
  );
  s += circle(
    0,
    0,
    520,
    doc.rad([
      [0, pal.main, 0.1],
      [1, pal.main, 0],
    ]),
  );
  s += circle(
    W,
    H,
    600,
    doc.rad([
      [0, pal.teal, 0.1],
      [1, pal.teal, 0],
    ]),
  );
  if (pattern === 'dots') {
    s += rect(0, 0, W, H, doc.pattern(28, 28, circle(14, 14, 1.7, pal.main, { opacity: 0.16 })));
  } else if (pattern === 'grid') {
    s += rect(
      0,
      0,
      W,
      H,
      doc.pattern(48, 48, path('M48 0H0V48', 'none', { stroke: pal.main, 'stroke-width': 1, opacity: 0.07 })),
    );
    s += rect(
      0,
      0,
      W,
      H,
      doc.pattern(240, 240, path('M240 0H0V240', 'none', { stroke: pal.main, 'stroke-width': 1.2, opacity: 0.1 })),
    );
  } else {
    for (let i = 0; i < 6; i++) {
      const y = 640 + i * 34;
      s += path(wave(W, y, 10 + i * 2, 900 + i * 120, i * 0.9, H + 40), 'none', {
        stroke: pal.main,
        'stroke-width': 1.5,
        opacity: 0.08 + i * 0.01,
      });
    }
    for (let i = 0; i < 4; i++) {
      const y = 90 + i * 30;
      s += path(wave(W, y, 12, 1100 + i * 140, 1 + i, -40), 'none', {
        stroke: pal.teal,
        'stroke-width': 1.5,
        opacity: 0.08,
      });
    }
    s += path(wave(W, 760, 20, 1280, 0.3, H), pal.main, { opacity: 0.035 });
    s += path(wave(W, 800, 16, 960, 1.7, H), pal.teal, { opacity: 0.04 });
  }
  // Keep the middle (where the section's text sits) calm.
  s += ellipse(
    W / 2,
    H / 2,
    820,
    380,
    doc.rad([
      [0, '#ffffff', 0.85],
      [0.6, '#ffffff', 0.5],
      [1, '#ffffff', 0],
    ]),
  );
  return s;
}

// ---------------------------------------------------------------------------------------------------------------

export function newsCover(doc: Doc, pal: Pal, title: string, category: string, motif: number): string {
  const W = 800;
  const H = 500;
  const rng = doc.rng;
  let s = rect(
    0,
    0,
    W,
    H,
    doc.lin(
      [
        [0, pal.deep],
        [1, pal.main],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s += circle(
    660,
    220,
    300,
    doc.rad([
      [0, pal.teal, 0.45],
      [1, pal.teal, 0],
    ]),
  );
  s += circle(
    40,
    520,
    260,
    doc.rad([
      [0, pal.main, 0.5],
      [1, pal.main, 0],
    ]),
  );
  s += rect(24, 380, 140, 100, doc.pattern(18, 18, circle(3, 3, 1.6, '#fff', { opacity: 0.2 })));
  s += particles(rng, 470, 20, 320, 460, 12);
  const m = ((motif % 4) + 4) % 4;
  const cx = 630;
  const cy = 240;
  s += circle(cx, cy, 150, '#fff', { opacity: 0.07 });
  s += circle(cx, cy, 190, 'none', { stroke: '#fff', 'stroke-width': 1.2, opacity: 0.12, 'stroke-dasharray': '3 10' });
  if (m === 0) {
    s += g(
      card(doc, 0, 0, 230, 160, 14) +
        text(20, 34, '数据报告', { size: 15, weight: 700, fill: pal.ink }) +
        barChart(doc, 20, 52, 190, 86, pal, rng, 7),
      {
        transform: 'translate(505 130) rotate(-5)',
      },
    );
    s += g(card(doc, 0, 0, 120, 96, 12) + donut(60, 48, 26, 10, [0.55, 0.3, 0.15], [pal.main, pal.teal, pal.accent]), {
      transform: 'translate(640 300) rotate(4)',
    });
  } else if (m === 1) {
    s += g(rect(0, 0, 190, 240, '#fff', { rx: 14, opacity: 0.25 }), { transform: 'translate(560 110) rotate(10)' });
    s += g(rect(0, 0, 190, 240, '#fff', { rx: 14, opacity: 0.5 }), { transform: 'translate(545 112) rotate(4)' });
    let d = card(doc, 0, 0, 190, 240, 14);
    d += rect(14, 14, 162, 90, doc.grad(pal.main, pal.teal), { rx: 8 });
    d += circle(140, 44, 14, pal.accent) + path('M14 104l50-46 40 34 26-20 46 32z', '#fff', { opacity: 0.3 });
    d += bar(14, 120, 120, 10, pal.ink, { opacity: 0.8 }) + paragraph(14, 142, 162, 4, 18, 7, rng);
    s += g(d, { transform: 'translate(530 120) rotate(-3)' });
    s += g(path('M0 0l70-70 14 14-70 70-20 6z', pal.accent) + path('M70-70l14 14 8-8-14-14z', '#fff'), {
      transform: 'translate(690 380)',
    });
  } else if (m === 2) {
    for (const [r, o] of [
      [120, 0.14],
      [88, 0.2],
      [56, 0.3],
    ] as const)
      s += circle(cx, cy, r, '#fff', { opacity: o });
    s += circle(cx, cy, 26, pal.accent);
    s += path(`M${cx} ${cy}L${cx + 130} ${cy - 130}`, 'none', {
      stroke: '#fff',
      'stroke-width': 6,
      'stroke-linecap': 'round',
    });
    s += path(`M${cx + 112} ${cy - 150}l30 -10 -10 30z`, '#fff');
    s += path(`M${cx + 128} ${cy - 132}l34 -6 -8 -14 -14 -8z`, pal.accent);
  } else {
    s += circle(cx, cy, 110, doc.grad(tint(pal.teal, 0.2), pal.main), { opacity: 0.95 });
    for (const rx of [40, 80])
      s += ellipse(cx, cy, rx, 110, 'none', { stroke: '#fff', 'stroke-width': 2, opacity: 0.5 });
    for (const dy of [-55, 0, 55])
      s += ellipse(cx, cy + dy, Math.sqrt(110 * 110 - dy * dy), 14, 'none', {
        stroke: '#fff',
        'stroke-width': 2,
        opacity: 0.45,
      });
    s += ellipse(cx, cy, 150, 42, 'none', {
      stroke: pal.accent,
      'stroke-width': 3,
      transform: `rotate(-18 ${cx} ${cy})`,
    });
    s += circle(cx + 136, cy - 60, 10, pal.accent) + circle(cx - 138, cy + 36, 7, '#fff');
  }
  s += plus(500, 90, 8, pal.accent, 0.9) + plus(760, 440, 6, '#fff', 0.5);

  // Category tag and headline.
  const tag = fitLine(category, 200, 18, 13);
  if (tag.text) {
    const tw = textWidth(tag.text, tag.size) + 36;
    s +=
      bar(48, 48, tw, 36, pal.accent) +
      text(48 + tw / 2, 66 + tag.size * 0.36, tag.text, {
        size: tag.size,
        weight: 600,
        fill: '#fff',
        anchor: 'middle',
      });
  }
  const hl = fitBlock(title, 400, 40, 26, 2);
  const lh = hl.size * 1.4;
  let y = 300 - ((hl.lines.length - 1) * lh) / 2;
  hl.lines.forEach((l) => {
    s += text(48, y, l, { size: hl.size, weight: 700, fill: '#fff' });
    y += lh;
  });
  s += bar(48, y - lh + 34, 56, 5, pal.accent);
  s += text(48, y - lh + 76, '阅读全文 →', { size: 16, fill: '#fff', opacity: 0.75 });
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// Company profile: an office scene.

const SKIN = ['#f4c9a8', '#e8b08c', '#f1d0b5'];
const HAIR = ['#2b2730', '#4a3228', '#1f1d24'];

function seated(x: number, y: number, shirt: string, k: number): string {
  const skin = SKIN[k % 3] ?? '#f4c9a8';
  const hair = HAIR[k % 3] ?? '#2b2730';
  let s = '';
  s += path(
    `M${x - 44} ${y + 110}Q${x - 44} ${y + 52} ${x} ${y + 50}Q${x + 44} ${y + 52} ${x + 44} ${y + 110}Z`,
    shirt,
  );
  s += path(`M${x - 12} ${y + 50}L${x} ${y + 68}L${x + 12} ${y + 50}Z`, '#fff', { opacity: 0.9 });
  s += rect(x - 7, y + 34, 14, 18, skin);
  s += circle(x, y + 22, 21, skin);
  if (k % 2) {
    s += path(
      `M${x - 23} ${y + 52}V${y + 18}A23 23 0 0 1 ${x + 23} ${y + 18}V${y + 52}H${x + 14}V${y + 22}Q${x} ${y + 12} ${x - 14} ${y + 22}V${y + 52}Z`,
      hair,
    );
  } else {
    s += path(
      `M${x - 21} ${y + 22}A21 21 0 0 1 ${x + 21} ${y + 20}Q${x + 4} ${y + 14} ${x - 10} ${y + 8}Q${x - 16} ${y + 14} ${x - 21} ${y + 22}Z`,
      hair,
    );
  }
  s += circle(x - 7, y + 25, 1.8, '#3a2a2a') + circle(x + 7, y + 25, 1.8, '#3a2a2a');
  s += path(`M${x - 5} ${y + 33}Q${x} ${y + 37} ${x + 5} ${y + 33}`, 'none', {
    stroke: '#b5654a',
    'stroke-width': 1.8,
    'stroke-linecap': 'round',
  });
  return s;
}

function standing(x: number, y: number, shirt: string, pants: string): string {
  const skin = SKIN[1]!;
  let s = '';
  s += rect(x - 15, y + 118, 13, 84, pants, { rx: 5 }) + rect(x + 2, y + 118, 13, 84, pants, { rx: 5 });
  s += ellipse(x - 10, y + 202, 11, 5, '#2b2730') + ellipse(x + 10, y + 202, 11, 5, '#2b2730');
  s += rect(x - 22, y + 40, 44, 86, shirt, { rx: 16 });
  s += path(`M${x - 16} ${y + 52}L${x - 52} ${y + 10}`, 'none', {
    stroke: shirt,
    'stroke-width': 13,
    'stroke-linecap': 'round',
  });
  s += circle(x - 54, y + 7, 6.5, skin);
  s += path(`M${x + 16} ${y + 52}Q${x + 28} ${y + 84} ${x + 18} ${y + 104}`, 'none', {
    stroke: shirt,
    'stroke-width': 12,
    'stroke-linecap': 'round',
  });
  s += rect(x - 6, y + 26, 12, 16, skin);
  s += circle(x, y + 14, 18, skin);
  s += path(
    `M${x - 18} ${y + 14}A18 18 0 0 1 ${x + 18} ${y + 12}Q${x + 16} ${y + 2} ${x + 4} ${y - 2}Q${x - 14} ${y - 2} ${x - 18} ${y + 14}Z`,
    HAIR[0]!,
  );
  return s;
}

function plant(x: number, y: number, scale: number, pot: string): string {
  const leaves: Array<[number, number, number]> = [
    [-30, -70, -35],
    [28, -74, 30],
    [-8, -96, -8],
    [14, -52, 55],
    [-24, -44, -60],
  ];
  let s = '';
  leaves.forEach(([dx, dy, rot], i) => {
    s += ellipse(dx, dy, 14, 40, i % 2 ? '#2f9e6a' : '#47b97f', { transform: `rotate(${rot} ${dx} ${dy})` });
  });
  s += path('M-26 -14H26L20 40H-20Z', pot) + rect(-30, -20, 60, 10, pot, { rx: 4 });
  return g(s, { transform: `translate(${n(x)} ${n(y)}) scale(${scale})` });
}

export function profile(doc: Doc, title: string): string {
  const pal = BRAND;
  const rng = doc.rng;
  const W = 800;
  const H = 520;
  let s = rect(
    0,
    0,
    W,
    H,
    doc.lin(
      [
        [0, '#eef4ff'],
        [1, '#f8fbff'],
      ],
      0,
      0,
      0,
      1,
    ),
  );
  s += rect(
    0,
    400,
    W,
    120,
    doc.lin(
      [
        [0, '#dbe6f7'],
        [1, '#eaf1fb'],
      ],
      0,
      0,
      0,
      1,
    ),
  );
  s += rect(0, 398, W, 4, '#c9d7ee');
  // Window with skyline.
  s += rect(36, 56, 230, 250, '#fff', { rx: 8, filter: doc.shadow(4, 8, '#0b3d91', 0.1) });
  s += g(
    rect(
      48,
      68,
      206,
      226,
      doc.lin(
        [
          [0, '#bfe0ff'],
          [1, '#e6f4ff'],
        ],
        0,
        0,
        0,
        1,
      ),
    ) +
      circle(200, 118, 22, '#fff', { opacity: 0.8 }) +
      [20, 34, 28, 46, 24, 38, 30]
        .map((bh, i) =>
          rect(48 + i * 30, 294 - bh * 3, 26, bh * 3, i % 2 ? tint(pal.main, 0.45) : tint(pal.deep, 0.55), {
            opacity: 0.8,
          }),
        )
        .join(''),
    { 'clip-path': doc.clipRect(48, 68, 206, 226) },
  );
  s += rect(149, 68, 5, 226, '#fff') + rect(48, 178, 206, 5, '#fff');
  // Lamps.
  const lx = 337;
  s +=
    rect(lx - 1, 0, 2, 166, '#9fb3d1') +
    path(`M${lx - 24} 190Q${lx} 156 ${lx + 24} 190Z`, pal.deep) +
    ellipse(lx, 191, 11, 3.5, '#ffe9a8');
  // Company sign.
  s += rect(300, 48, 260, 104, '#fff', { rx: 14, filter: doc.shadow(6, 12, '#0b3d91', 0.12) });
  s += sailEmblem(doc, 318, 66, 68, pal);
  const t = fitLine(title, 150, 30, 16);
  s += text(396, 104, t.text, { size: t.size, weight: 700, fill: pal.deep });
  s += bar(396, 118, 60, 5, pal.accent);
  // Whiteboard and presenter.
  s += rect(590, 70, 180, 150, '#fff', {
    rx: 8,
    stroke: '#c9d7ee',
    'stroke-width': 4,
    filter: doc.shadow(4, 8, '#0b3d91', 0.1),
  });
  s += barChart(doc, 606, 96, 100, 100, pal, rng, 5);
  s += donut(736, 120, 18, 8, [0.6, 0.25, 0.15], [pal.main, pal.teal, pal.accent]);
  s += bar(718, 158, 40, 6, '#dfe5ee') + bar(718, 172, 30, 6, '#dfe5ee');
  s += rect(660, 220, 6, 160, '#b8c6dc') + rect(700, 220, 6, 160, '#b8c6dc');
  s += standing(640, 196, pal.accent, pal.deep);
  // Desk with people.
  s += seated(215, 194, pal.main, 0);
  s += seated(455, 196, pal.teal, 1);
  s += rect(120, 320, 480, 16, '#fff', { rx: 4 }) + rect(120, 334, 480, 8, '#d5dfee');
  s += rect(140, 342, 12, 92, '#aebcd4') + rect(568, 342, 12, 92, '#aebcd4');
  s +=
    rect(163, 282, 104, 42, doc.grad('#e8edf5', '#c9d3e2', 0, 0, 0, 1), { rx: 6 }) +
    sailEmblem(doc, 204, 292, 22, pal, '#fff');
  s += path('M146 324h138l8 6H138z', '#b8c4d6');
  s +=
    rect(403, 282, 104, 42, doc.grad('#e8edf5', '#c9d3e2', 0, 0, 0, 1), { rx: 6 }) +
    sailEmblem(doc, 444, 292, 22, pal, '#fff');
  s += path('M386 324h138l8 6H378z', '#b8c4d6');
  s += rect(296, 222, 82, 56, '#1f2a3c', { rx: 5 }) + rect(300, 226, 74, 46, doc.grad(pal.main, pal.teal), { rx: 3 });
  s += lineChart(doc, 306, 236, 62, 30, { ...pal, main: '#fff', teal: pal.accent }, rng, 1, false);
  s += rect(333, 278, 8, 30, '#8a96a8') + rect(316, 306, 42, 8, '#8a96a8', { rx: 3 });
  s +=
    rect(540, 298, 18, 22, '#fff', { rx: 3, stroke: '#c9d7ee', 'stroke-width': 2 }) +
    path('M558 302q9 2 0 12', 'none', { stroke: '#c9d7ee', 'stroke-width': 3 });
  s += plant(70, 440, 1.25, pal.deep);
  s += plant(752, 458, 0.9, pal.main);
  s += ellipse(360, 440, 280, 12, '#0b3d91', { opacity: 0.06 });
  s += chatBubble(100, 150, 84, 34, pal.accent, '#fff');
  return s;
}
