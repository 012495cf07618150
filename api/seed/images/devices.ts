/** Device frames (browser window, phone, laptop) and the case cover / case screenshot compositions. */
import { glyph } from './glyphs.js';
import { type Pal, shade, tint } from './palettes.js';
import { type IconGlyph } from './spec.js';
import { chatBubble, card, lineChart } from './parts.js';
import { type Page, SCREENS } from './screens.js';
import { bar, circle, type Doc, el, fine, fitLine, g, n, path, rect, text, textWidth, translate } from './svg.js';

type Content = (w: number, h: number) => string;

function roundedPath(x: number, y: number, w: number, h: number, rt: number, rb: number): string {
  return (
    `M${n(x + rt)} ${n(y)}H${n(x + w - rt)}${rt ? `A${n(rt)} ${n(rt)} 0 0 1 ${n(x + w)} ${n(y + rt)}` : ''}` +
    `V${n(y + h - rb)}${rb ? `A${n(rb)} ${n(rb)} 0 0 1 ${n(x + w - rb)} ${n(y + h)}` : ''}` +
    `H${n(x + rb)}${rb ? `A${n(rb)} ${n(rb)} 0 0 1 ${n(x)} ${n(y + h - rb)}` : ''}` +
    `V${n(y + rt)}${rt ? `A${n(rt)} ${n(rt)} 0 0 1 ${n(x + rt)} ${n(y)}` : ''}Z`
  );
}

export function browser(doc: Doc, x: number, y: number, w: number, h: number, content: Content, shadow = true): string {
  const tb = Math.max(18, Math.min(34, w * 0.042));
  const r = tb * 0.45;
  let s = rect(x, y, w, h, '#fff', { rx: r, filter: shadow ? doc.shadow(w / 60, w / 40, '#0b2a5b', 0.22) : undefined });
  s += path(roundedPath(x, y, w, tb, r, 0), '#eef1f6');
  ['#ff5f57', '#febc2e', '#28c840'].forEach((c, i) => {
    s += circle(x + tb * 0.65 + i * tb * 0.52, y + tb / 2, tb * 0.16, c);
  });
  s += bar(x + tb * 2.4, y + tb * 0.22, Math.min(w * 0.5, w - tb * 3), tb * 0.56, '#fff');
  s += circle(x + tb * 2.8, y + tb / 2, tb * 0.1, '#9aa3b0');
  s += bar(x + tb * 3.1, y + tb * 0.44, Math.min(w * 0.18, 140), tb * 0.12, '#c7ced9');
  const clip = doc.clip(path(roundedPath(x, y + tb, w, h - tb, 0, r), '#000'));
  s += g(translate(x, y + tb, content(w, h - tb)), { 'clip-path': clip });
  return s;
}

export function phone(doc: Doc, x: number, y: number, w: number, h: number, content: Content, shadow = true): string {
  const r = w * 0.16;
  const b = w * 0.038;
  const sw = w - 2 * b;
  const sh = h - 2 * b;
  const su = sw / 100;
  let s = '';
  s += rect(x + w - 1, y + h * 0.22, w * 0.022, h * 0.1, '#1b1e25', { rx: 1 });
  s += rect(x - w * 0.014, y + h * 0.18, w * 0.022, h * 0.06, '#1b1e25', { rx: 1 });
  s += rect(x - w * 0.014, y + h * 0.26, w * 0.022, h * 0.06, '#1b1e25', { rx: 1 });
  s += rect(x, y, w, h, doc.grad('#3a3f4b', '#111318'), {
    rx: r,
    filter: shadow ? doc.shadow(w / 16, w / 12, '#0b2a5b', 0.3) : undefined,
  });
  s += rect(x + b * 0.35, y + b * 0.35, w - b * 0.7, h - b * 0.7, '#0b0c0f', { rx: r - b * 0.35 });
  const clip = doc.clipRect(x + b, y + b, sw, sh, r - b);
  s += g(translate(x + b, y + b, content(sw, sh)), { 'clip-path': clip });
  s += bar(x + b + 35 * su, y + b + 1.8 * su, 30 * su, 5.4 * su, '#0b0c0f');
  s += bar(x + b + 34 * su, y + b + sh - 2.2 * su, 32 * su, 1.1 * su, '#111', { opacity: 0.75 });
  return s;
}

export function laptop(doc: Doc, x: number, y: number, w: number, h: number, content: Content): string {
  const lidH = h * 0.93;
  const b = w * 0.028;
  let s = '';
  s += el('ellipse', { cx: x + w / 2, cy: y + h, rx: w * 0.62, ry: h * 0.035, fill: '#0b2a5b', opacity: 0.16 });
  s += rect(x, y, w, lidH, doc.grad('#3a3f4b', '#15181d', 0, 0, 0, 1), {
    rx: w * 0.028,
    filter: doc.shadow(w / 50, w / 40, '#0b2a5b', 0.2),
  });
  s += circle(x + w / 2, y + b * 0.55, b * 0.14, '#4b5260');
  const clip = doc.clipRect(x + b, y + b, w - 2 * b, lidH - b * 1.6, 2);
  s += g(translate(x + b, y + b, content(w - 2 * b, lidH - b * 1.6)), { 'clip-path': clip });
  const baseY = y + lidH;
  const baseH = h - lidH;
  s += path(
    `M${n(x - w * 0.08)} ${n(baseY)}H${n(x + w * 1.08)}V${n(baseY + baseH * 0.55)}Q${n(x + w * 1.08)} ${n(baseY + baseH)} ${n(x + w * 1.02)} ${n(baseY + baseH)}H${n(x - w * 0.02)}Q${n(x - w * 0.08)} ${n(baseY + baseH)} ${n(x - w * 0.08)} ${n(baseY + baseH * 0.55)}Z`,
    doc.lin(
      [
        [0, '#eef1f5'],
        [1, '#aab2bf'],
      ],
      0,
      0,
      0,
      1,
    ),
  );
  s += path(
    `M${n(x + w * 0.42)} ${n(baseY)}h${n(w * 0.16)}q0 ${n(baseH * 0.4)} -${n(baseH * 0.4)} ${n(baseH * 0.4)}h-${n(w * 0.16 - baseH * 0.8)}q-${n(baseH * 0.4)} 0 -${n(baseH * 0.4)} -${n(baseH * 0.4)}z`,
    '#c5ccd6',
  );
  return s;
}

function backdrop(doc: Doc, w: number, h: number, pal: Pal): string {
  let s = rect(
    0,
    0,
    w,
    h,
    doc.lin(
      [
        [0, pal.soft],
        [1, '#ffffff'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s += circle(
    w * 0.12,
    h * 0.2,
    h * 0.42,
    doc.rad([
      [0, tint(pal.main, 0.55), 0.55],
      [1, tint(pal.main, 0.55), 0],
    ]),
  );
  s += circle(
    w * 0.9,
    h * 0.75,
    h * 0.5,
    doc.rad([
      [0, tint(pal.teal, 0.5), 0.5],
      [1, tint(pal.teal, 0.5), 0],
    ]),
  );
  const dots = doc.pattern(18, 18, circle(2, 2, 1.6, pal.main, { opacity: 0.22 }));
  s += rect(w * 0.03, h * 0.05, w * 0.16, h * 0.22, dots);
  s += rect(w * 0.82, h * 0.52, w * 0.15, h * 0.2, dots);
  return s;
}

function screen(classId: 1 | 2 | 3 | 4 | 5, doc: Doc, pal: Pal, name: string, page: Page): Content {
  return (w, h) => SCREENS[classId](doc, w, h, pal, name, page);
}

/** A rounded gradient tile with a white glyph (as the service icons). */
function glyphTile(doc: Doc, x: number, y: number, size: number, pal: Pal, name: IconGlyph): string {
  return (
    rect(x, y, size, size, doc.grad(pal.main, pal.teal), {
      rx: size * 0.25,
      filter: doc.shadow(6, 8, pal.deep, 0.25),
    }) +
    g(glyph(name, pal.main), {
      transform: `translate(${n(x + size * 0.25)} ${n(y + size * 0.24)}) scale(${fine(size / 128)})`,
    })
  );
}

/** 800×600 case cover. */
export function caseCover(doc: Doc, pal: Pal, name: string, scene: string, classId: 1 | 2 | 3 | 4 | 5): string {
  const W = 800;
  const H = 600;
  let s = backdrop(doc, W, H, pal);
  const bandY = 500;
  if (classId === 1) {
    s += browser(doc, 90, 36, 620, 436, screen(1, doc, pal, name, 0));
    s += card(doc, 636, 300, 124, 86, 10);
    s +=
      text(650, 324, '访问量', { size: 12, fill: '#8a96a8' }) +
      text(650, 346, '+128%', { size: 20, weight: 700, fill: pal.main });
    s += lineChart(doc, 650, 354, 96, 22, pal, doc.rng, 1, false);
    s += chatBubble(40, 120, 96, 40, pal.accent, '#fff');
  } else if (classId === 5) {
    s += laptop(doc, 130, 40, 540, 370, screen(5, doc, pal, name, 0));
    s += card(doc, 44, 92, 130, 76, 10);
    s +=
      text(58, 116, '今日订单', { size: 12, fill: '#8a96a8' }) +
      text(58, 146, String(1000 + (doc.rng.int(100, 999) % 900)), { size: 24, weight: 700, fill: pal.ink });
    s += circle(150, 112, 9, pal.accent, { opacity: 0.2 }) + circle(150, 112, 4, pal.accent);
  } else {
    // Two phones: the main page in front, a second page behind and to the left.
    s += circle(
      360,
      250,
      210,
      doc.rad([
        [0, tint(pal.main, 0.3), 0.35],
        [1, tint(pal.main, 0.3), 0],
      ]),
    );
    s += glyphTile(doc, 58, 84, 84, pal, classId === 3 ? 'wechat' : classId === 4 ? 'miniapp' : 'mobile');
    s += phone(doc, 176, 78, 190, 390, screen(classId, doc, pal, name, 1), false);
    s += phone(doc, 336, 36, 214, 444, screen(classId, doc, pal, name, 0));
    s += chatBubble(578, 112, 112, 44, classId === 3 ? '#07c160' : pal.main, '#fff');
    s += card(doc, 572, 300, 160, 80, 12);
    s += circle(600, 340, 15, tint(pal.accent, 0.8)) + circle(600, 340, 6, pal.accent);
    s += bar(626, 326, 86, 9, '#dfe5ee') + bar(626, 345, 60, 9, '#edf1f6');
  }
  s += rect(
    0,
    bandY,
    W,
    H - bandY,
    doc.lin(
      [
        [0, pal.deep],
        [1, shade(pal.main, 0.05)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  s += rect(0, bandY, W, 3, pal.accent);
  const tag = fitLine(scene, 220, 16, 12);
  const tagW = tag.text ? textWidth(tag.text, tag.size) + 32 : 0;
  const nameMax = W - 48 - 48 - (tagW ? tagW + 24 : 0);
  const f = fitLine(name, nameMax, 30, 18);
  s += text(48, bandY + 60, f.text, { size: f.size, weight: 700, fill: '#fff' });
  if (tagW) {
    const tx = W - 48 - tagW;
    s += bar(tx, bandY + 32, tagW, 34, pal.accent);
    s += text(tx + tagW / 2, bandY + 32 + 17 + tag.size * 0.36, tag.text, {
      size: tag.size,
      fill: '#fff',
      weight: 600,
      anchor: 'middle',
    });
  }
  return s;
}

/** 1200×750 case screenshot. */
export function caseShot(doc: Doc, pal: Pal, name: string, classId: 1 | 2 | 3 | 4 | 5, index: number): string {
  const W = 1200;
  const H = 750;
  const page = ((((Math.trunc(Number.isFinite(index) ? index : 1) - 1) % 3) + 3) % 3) as Page;
  let s = backdrop(doc, W, H, pal);
  if (classId === 1 || classId === 5) {
    s += browser(doc, 70, 40, 1060, 670, screen(classId, doc, pal, name, page));
  } else {
    // Three phones: the page chosen by `index` in front, the two others behind on either side.
    const sides: Array<[Page, number]> = [
      [((page + 1) % 3) as Page, 140],
      [((page + 2) % 3) as Page, 790],
    ];
    for (const [p, x] of sides) s += phone(doc, x, 130, 270, 560, screen(classId, doc, pal, name, p));
    s += phone(doc, 450, 62, 300, 624, screen(classId, doc, pal, name, page));
  }
  return s;
}
