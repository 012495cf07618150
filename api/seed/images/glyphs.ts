/** Simple glyphs drawn in a 64×64 box (white on a coloured tile); `bg` is the tile colour for cut-outs. */
import type { IconGlyph } from './spec.js';
import { circle, ellipse, g, n, path, rect } from './svg.js';

const W = '#fff';

function stroke(d: string, sw = 4.5): string {
  return path(d, 'none', { stroke: W, 'stroke-width': sw, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
}

function gearPath(cx: number, cy: number, ro: number, ri: number, teeth: number): string {
  let d = '';
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    const pts: Array<[number, number]> = [
      [a - step * 0.32, ri],
      [a - step * 0.2, ro],
      [a + step * 0.2, ro],
      [a + step * 0.32, ri],
    ];
    for (const [ang, r] of pts) {
      d += `${d ? 'L' : 'M'}${n(cx + Math.cos(ang) * r)} ${n(cy + Math.sin(ang) * r)}`;
    }
  }
  return d + 'Z';
}

export function glyph(name: IconGlyph, bg: string): string {
  switch (name) {
    case 'web':
      return (
        stroke('M10 12h44a4 4 0 0 1 4 4v32a4 4 0 0 1-4 4H10a4 4 0 0 1-4-4V16a4 4 0 0 1 4-4zM6 22h52') +
        circle(12, 17, 1.8, W) +
        circle(17.5, 17, 1.8, W) +
        circle(23, 17, 1.8, W) +
        rect(13, 28, 15, 17, W, { rx: 2.5 }) +
        stroke('M35 30h16M35 37h16M35 44h9', 4)
      );
    case 'mobile':
      return (
        stroke('M24 5h16a6 6 0 0 1 6 6v42a6 6 0 0 1-6 6H24a6 6 0 0 1-6-6V11a6 6 0 0 1 6-6zM28 11h8') +
        circle(32, 51, 2.6, W)
      );
    case 'mall':
      return (
        path('M13 22h38l-2.6 31a5 5 0 0 1-5 4.6H20.6a5 5 0 0 1-5-4.6z', W) +
        stroke('M24 23v-4a8 8 0 0 1 16 0v4', 4.5) +
        circle(24, 30, 2.6, bg) +
        circle(40, 30, 2.6, bg) +
        path('M24 38q8 7 16 0', 'none', { stroke: bg, 'stroke-width': 3.5, 'stroke-linecap': 'round' })
      );
    case 'responsive':
      return (
        stroke('M9 9h34a4 4 0 0 1 4 4v22a4 4 0 0 1-4 4H9a4 4 0 0 1-4-4V13a4 4 0 0 1 4-4zM20 50h14M27 40v9') +
        rect(38, 22, 22, 36, bg, { rx: 5 }) +
        rect(41, 25, 16, 30, W, { rx: 3.5 }) +
        circle(49, 50, 1.8, bg)
      );
    case 'wechat':
      return (
        ellipse(25, 26, 20, 16.5, W, { opacity: 0.7 }) +
        path('M11 38l-2 7 8-4z', W, { opacity: 0.7 }) +
        circle(18.5, 22, 2.5, bg) +
        circle(31, 22, 2.5, bg) +
        ellipse(41, 40, 17.5, 14.5, W, { stroke: bg, 'stroke-width': 2.5 }) +
        path('M52 50l3.5 6-8.5-3z', W) +
        circle(35, 37.5, 2.3, bg) +
        circle(46.5, 37.5, 2.3, bg)
      );
    case 'weibo':
      return (
        path('M6 36c6-12 16-18 26-18s20 6 26 18c-6 12-16 18-26 18S12 48 6 36z', W) +
        circle(32, 36, 10, bg) +
        circle(32, 36, 4.2, W) +
        circle(35, 33, 1.6, bg) +
        stroke('M44 6a14 14 0 0 1 13 13M43 13a7 7 0 0 1 7 7', 4)
      );
    case 'video':
      return (
        stroke('M14 12h36a8 8 0 0 1 8 8v24a8 8 0 0 1-8 8H14a8 8 0 0 1-8-8V20a8 8 0 0 1 8-8z') +
        path('M27 22.5L43 32l-16 9.5z', W, { 'stroke-linejoin': 'round', stroke: W, 'stroke-width': 2 })
      );
    case 'miniapp':
      return (
        stroke('M16 20h32a12 12 0 0 1 0 24H16a12 12 0 0 1 0-24zM36 25v14', 4.2) +
        circle(14, 32, 2.6, W) +
        circle(21, 32, 2.6, W) +
        circle(28, 32, 2.6, W) +
        circle(48, 32, 6.5, 'none', { stroke: W, 'stroke-width': 4 }) +
        circle(48, 32, 2.2, W)
      );
    case 'app':
      return (
        rect(8, 8, 21, 21, W, { rx: 6 }) +
        rect(35, 8, 21, 21, W, { rx: 6, opacity: 0.7 }) +
        rect(8, 35, 21, 21, W, { rx: 6, opacity: 0.7 }) +
        stroke('M45.5 38v15M38 45.5h15', 5)
      );
    case 'system':
      return path(gearPath(32, 32, 26, 20, 9), W) + circle(32, 32, 10, bg) + circle(32, 32, 5, W) + '';
    case 'cloud':
      return (
        path('M19 50a12 12 0 0 1-1.2-23.9A15.5 15.5 0 0 1 47.6 24 13 13 0 0 1 47 50z', W) +
        path('M32 45V31m-6 6l6-6 6 6', 'none', {
          stroke: bg,
          'stroke-width': 4,
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        })
      );
    case 'brand':
      return (
        path('M21 11h22l11 13-22 30L10 24z', W, { opacity: 0.35 }) +
        stroke('M21 11h22l11 13-22 30L10 24zM10 24h44M21 11l5 13 6 30 6-30 5-13M26 24l6-13 6 13', 3.6)
      );
    case 'vi':
      return (
        g(rect(10, 8, 13, 44, W, { rx: 4, opacity: 0.55 }), { transform: 'rotate(-30 16 50)' }) +
        g(rect(10, 8, 13, 44, W, { rx: 4, opacity: 0.78 }), { transform: 'rotate(-8 16 50)' }) +
        g(rect(10, 8, 13, 44, W, { rx: 4 }) + circle(16.5, 44, 3, bg), { transform: 'rotate(16 16 50)' })
      );
    case 'package':
      return (
        path('M32 6l24 11v30L32 58 8 47V17z', W, { opacity: 0.3 }) +
        stroke('M32 6l24 11v30L32 58 8 47V17zM8 17l24 11 24-11M32 28v30M20 11.5l24 11v9', 4)
      );
    case 'marketing':
      return (
        path('M10 25h9l23-12v38L19 39h-9a4 4 0 0 1-4-4V29a4 4 0 0 1 4-4z', W) +
        stroke('M20 40l4 13h7l-3-12M50 24a11 11 0 0 1 0 16M55 17a20 20 0 0 1 0 30', 4)
      );
    case 'seo':
      return (
        circle(27, 27, 19, 'none', { stroke: W, 'stroke-width': 5 }) +
        stroke('M41 41l14 14', 7.5) +
        rect(17, 28, 5, 8, W, { rx: 1.5 }) +
        rect(24.5, 22, 5, 14, W, { rx: 1.5 }) +
        rect(32, 17, 5, 19, W, { rx: 1.5 })
      );
    case 'phone':
      return path('M16 8l8 0 4 12-6 5c3 7 8 12 15 15l5-6 12 4v8c0 4-3 7-7 7C26 53 11 38 9 17c0-5 3-9 7-9z', W, {
        'stroke-linejoin': 'round',
        stroke: W,
        'stroke-width': 2,
      });
    case 'mail':
      return (
        path('M12 14h40a6 6 0 0 1 6 6v24a6 6 0 0 1-6 6H12a6 6 0 0 1-6-6V20a6 6 0 0 1 6-6z', W) +
        path('M9 19l23 17 23-17', 'none', {
          stroke: bg,
          'stroke-width': 4,
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        })
      );
    case 'address':
      return (
        path('M32 59S12 39 12 25a20 20 0 0 1 40 0c0 14-20 34-20 34z', W) +
        circle(32, 25, 7.5, bg) +
        ellipse(32, 59, 12, 3, W, { opacity: 0.45 })
      );
    case 'qq':
      return (
        path(
          'M32 6c10 0 16 8 16 18v4c3 4 6 10 5 15-1 3-3 3-5 0-1 4-3 7-6 9 3 1 5 3 4 5H18c-1-2 1-4 4-5-3-2-5-5-6-9-2 3-4 3-5 0-1-5 2-11 5-15v-4C16 14 22 6 32 6z',
          W,
        ) +
        ellipse(26.5, 22, 3, 4.2, bg) +
        ellipse(37.5, 22, 3, 4.2, bg) +
        path('M26 30q6 4 12 0l-2 4h-8z', '#f5a623') +
        path('M18 36q14 7 28 0l-1 5q-13 6-26 0z', bg, { opacity: 0.85 })
      );
    case 'clock':
      return (
        circle(32, 32, 25, 'none', { stroke: W, 'stroke-width': 4.5 }) +
        stroke('M32 17v15l10 7', 4.5) +
        circle(32, 11.5, 1.8, W) +
        circle(52.5, 32, 1.8, W) +
        circle(32, 52.5, 1.8, W) +
        circle(11.5, 32, 1.8, W)
      );
  }
}

export const ALL_GLYPHS: readonly IconGlyph[] = [
  'web',
  'mobile',
  'mall',
  'responsive',
  'wechat',
  'weibo',
  'video',
  'miniapp',
  'app',
  'system',
  'cloud',
  'brand',
  'vi',
  'package',
  'marketing',
  'seo',
  'phone',
  'mail',
  'address',
  'qq',
  'clock',
];
