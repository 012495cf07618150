/**
 * Screen contents of the product mock-ups, each drawn at the origin in a w×h box (the caller translates and clips):
 * desktop website, mobile website, WeChat official account, mini program and admin dashboard, three pages each.
 */
import { glyph } from './glyphs.js';
import { GREY, type Pal, tint } from './palettes.js';
import {
  appMark,
  barChart,
  card,
  donut,
  lineChart,
  paragraph,
  picture,
  type PictureStyle,
  roundIcon,
  sparkline,
  statusBar,
} from './parts.js';
import { type IconGlyph } from './spec.js';
import { bar, circle, type Doc, fine, fitBlock, fitLine, g, line, n, path, rect, type Rng, text } from './svg.js';

export type Page = 0 | 1 | 2;
export type ScreenFn = (doc: Doc, w: number, h: number, pal: Pal, name: string, page: Page) => string;

const MENU = ['首页', '关于我们', '产品服务', '成功案例', '新闻中心', '联系我们'];
const SERVICES = ['网站建设', '小程序开发', '微信营销', '品牌设计'];
const TITLES = [
  '企业官网全新改版上线',
  '品牌视觉形象全面升级',
  '微信小程序正式发布',
  '数字化营销整体解决方案',
  '响应式网站建设案例分享',
  '年度客户答谢会圆满举行',
  '智慧门店管理系统交付',
  '行业数字化峰会精彩回顾',
];
const CLIENTS = ['华信科技', '瑞丰集团', '明德教育', '海纳物流', '博远医疗', '嘉禾餐饮', '恒通建材', '星辰文旅'];
const ITEMS = ['企业官网', '小程序', '公众号运营', '品牌设计', 'APP开发', 'SEO优化'];
const INK2 = '#4a5568';
const GREEN = '#19be6b';
const RED = '#ff4d4f';
const WX_GREEN = '#07c160';

function date(rng: Rng): string {
  return `2024-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}

function fitText(
  x: number,
  y: number,
  s: string,
  maxW: number,
  size: number,
  fill: string,
  weight?: number,
  anchor?: 'middle' | 'end',
): string {
  const f = fitLine(s, maxW, size, size * 0.7);
  return text(x, y, f.text, { size: f.size, fill, weight, anchor });
}

function chevron(x: number, y: number, s: number, color: string, dir: 'left' | 'right' = 'left'): string {
  const d =
    dir === 'left'
      ? `M${n(x + s / 2)} ${n(y - s)}L${n(x - s / 2)} ${n(y)}L${n(x + s / 2)} ${n(y + s)}`
      : `M${n(x - s / 2)} ${n(y - s)}L${n(x + s / 2)} ${n(y)}L${n(x - s / 2)} ${n(y + s)}`;
  return path(d, 'none', {
    stroke: color,
    'stroke-width': s * 0.35,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
}

function magnifier(cx: number, cy: number, r: number, color: string): string {
  return (
    circle(cx, cy, r, 'none', { stroke: color, 'stroke-width': r * 0.35 }) +
    line(cx + r * 0.7, cy + r * 0.7, cx + r * 1.5, cy + r * 1.5, color, r * 0.35, { 'stroke-linecap': 'round' })
  );
}

function smallGlyph(name: IconGlyph, cx: number, cy: number, size: number, bg: string): string {
  return g(glyph(name, bg), {
    transform: `translate(${n(cx - size / 2)} ${n(cy - size / 2)}) scale(${fine(size / 64)})`,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Desktop website

function siteNav(doc: Doc, w: number, u: number, pal: Pal, name: string, active: number): string {
  let s = rect(0, 0, w, 7 * u, '#fff') + rect(0, 7 * u, w, 0.15 * u, GREY.line);
  s += appMark(doc, 3 * u, 1.6 * u, 3.8 * u, pal);
  s += fitText(8 * u, 4.1 * u, name, 22 * u, 1.7 * u, pal.ink, 700);
  MENU.forEach((m, i) => {
    const x = 38 * u + i * 8.4 * u;
    s += text(x, 4.1 * u, m, {
      size: 1.25 * u,
      fill: i === active ? pal.main : INK2,
      anchor: 'middle',
      weight: i === active ? 600 : undefined,
    });
    if (i === active) s += bar(x - 2.4 * u, 6.3 * u, 4.8 * u, 0.5 * u, pal.main);
  });
  s +=
    bar(87 * u, 1.9 * u, 10 * u, 3.2 * u, pal.accent) +
    text(92 * u, 4 * u, '免费咨询', { size: 1.2 * u, fill: '#fff', anchor: 'middle' });
  return s;
}

function siteScreen(doc: Doc, w: number, h: number, pal: Pal, name: string, page: Page): string {
  const u = w / 100;
  const rng = doc.rng;
  let s = rect(0, 0, w, h, '#fff');
  if (page === 0) {
    s += siteNav(doc, w, u, pal, name, 0);
    s += rect(
      0,
      7.15 * u,
      w,
      27 * u,
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
    s += g(
      circle(82 * u, 10 * u, 18 * u, '#fff', { opacity: 0.06 }) +
        circle(96 * u, 32 * u, 10 * u, pal.teal, { opacity: 0.35 }),
      { 'clip-path': doc.clipRect(0, 7.15 * u, w, 27 * u) },
    );
    s += fitText(6 * u, 17.5 * u, name, 44 * u, 3.3 * u, '#fff', 700);
    s +=
      bar(6 * u, 20.4 * u, 34 * u, 1.1 * u, '#fff', { opacity: 0.55 }) +
      bar(6 * u, 23 * u, 25 * u, 1.1 * u, '#fff', { opacity: 0.4 });
    s +=
      bar(6 * u, 26.4 * u, 10 * u, 3.4 * u, pal.accent) +
      text(11 * u, 28.5 * u, '了解更多', { size: 1.2 * u, fill: '#fff', anchor: 'middle' });
    s += picture(doc, 55 * u, 10.5 * u, 38 * u, 20.5 * u, pal, rng, 1.2 * u, 'photo');
    for (let i = 0; i < 3; i++)
      s += bar(47 * u + i * 2.4 * u, 32.3 * u, i ? 1 * u : 2 * u, 0.7 * u, '#fff', { opacity: i ? 0.5 : 1 });
    s +=
      text(50 * u, 39.6 * u, '核心业务', { size: 2 * u, weight: 700, fill: pal.ink, anchor: 'middle' }) +
      bar(48 * u, 41 * u, 4 * u, 0.5 * u, pal.main);
    const colors = [pal.main, pal.teal, pal.accent, pal.deep];
    const glyphs: IconGlyph[] = ['web', 'miniapp', 'wechat', 'brand'];
    SERVICES.forEach((label, i) => {
      const x = 4 * u + i * 23.5 * u;
      const y = 43.5 * u;
      const c = colors[i] ?? pal.main;
      s += card(doc, x, y, 21 * u, 16.5 * u, 0.8 * u);
      s +=
        circle(x + 4 * u, y + 4.5 * u, 2.6 * u, c) + smallGlyph(glyphs[i] ?? 'web', x + 4 * u, y + 4.5 * u, 3.2 * u, c);
      s += text(x + 8 * u, y + 5.2 * u, label, { size: 1.45 * u, weight: 700, fill: pal.ink });
      s += paragraph(x + 2 * u, y + 9.3 * u, 17 * u, 3, 2.1 * u, 0.9 * u, rng);
    });
    if (h < 63 * u) return s;
    s += rect(
      0,
      63 * u,
      w,
      13 * u,
      doc.lin(
        [
          [0, pal.deep],
          [1, pal.main],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    const stats: Array<[string, string]> = [
      ['12年', '行业经验'],
      ['3000+', '服务客户'],
      ['98%', '客户满意度'],
      ['7×24h', '响应服务'],
    ];
    stats.forEach(([a, b], i) => {
      const cx = 12.5 * u + i * 25 * u;
      s += text(cx, 69.3 * u, a, { size: 2.8 * u, weight: 700, fill: '#fff', anchor: 'middle' });
      s += text(cx, 72.6 * u, b, { size: 1.2 * u, fill: '#fff', anchor: 'middle', opacity: 0.75 });
    });
    if (h < 80 * u) return s;
    s += text(50 * u, 82 * u, '新闻动态', { size: 2 * u, weight: 700, fill: pal.ink, anchor: 'middle' });
    for (let i = 0; i < 3; i++) {
      const x = 4 * u + i * 31.3 * u;
      s += picture(doc, x, 85 * u, 29 * u, 14 * u, pal, rng, 0.8 * u, i === 1 ? 'city' : 'photo');
      s += fitText(x, 102 * u, TITLES[i + 2] ?? '', 29 * u, 1.35 * u, pal.ink, 600);
    }
  } else if (page === 1) {
    s += siteNav(doc, w, u, pal, name, 3);
    s += rect(
      0,
      7.15 * u,
      w,
      12 * u,
      doc.lin(
        [
          [0, pal.deep],
          [1, pal.main],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    s +=
      circle(88 * u, 10 * u, 10 * u, '#fff', { opacity: 0.07 }) +
      circle(78 * u, 20 * u, 6 * u, pal.teal, { opacity: 0.3 });
    s += text(6 * u, 14.2 * u, '成功案例', { size: 2.6 * u, weight: 700, fill: '#fff' });
    s += bar(6 * u, 16.2 * u, 14 * u, 0.8 * u, '#fff', { opacity: 0.5 });
    s += text(4 * u, 22.8 * u, '首页 › 成功案例 › 全部案例', { size: 1.1 * u, fill: GREY.text });
    s += rect(4 * u, 24 * u, 92 * u, 0.12 * u, GREY.line);
    s +=
      rect(4 * u, 26 * u, 20 * u, 4.5 * u, pal.main, { rx: 0.6 * u }) +
      text(6 * u, 28.9 * u, '案例分类', { size: 1.4 * u, weight: 700, fill: '#fff' });
    ['全部案例', '企业官网', '电商平台', '微信小程序', '品牌设计', 'APP 开发'].forEach((c, i) => {
      const y = 31 * u + i * 4.4 * u;
      if (i === 0) s += rect(4 * u, y, 20 * u, 4.4 * u, pal.soft) + rect(4 * u, y, 0.5 * u, 4.4 * u, pal.main);
      else s += rect(4 * u, y, 20 * u, 4.4 * u, '#f7f9fc');
      s += text(6 * u, y + 2.8 * u, c, { size: 1.2 * u, fill: i === 0 ? pal.main : INK2 });
      s += rect(4 * u, y + 4.3 * u, 20 * u, 0.1 * u, GREY.line);
    });
    for (let i = 0; i < 5; i++) {
      const y = 26 * u + i * 10 * u;
      if (y > h) break;
      const styles: PictureStyle[] = ['photo', 'abstract', 'city', 'product'];
      s += picture(doc, 27 * u, y, 13 * u, 8 * u, pal, rng, 0.6 * u, styles[i % 4]);
      s += fitText(42.5 * u, y + 2.2 * u, TITLES[(i + 1) % TITLES.length] ?? '', 40 * u, 1.45 * u, pal.ink, 600);
      s += text(96 * u, y + 2.2 * u, date(rng), { size: 1.05 * u, fill: GREY.text, anchor: 'end' });
      s += paragraph(42.5 * u, y + 3.8 * u, 46 * u, 2, 1.8 * u, 0.8 * u, rng);
      s +=
        bar(42.5 * u, y + 6.4 * u, 7 * u, 1.8 * u, pal.soft) +
        text(46 * u, y + 7.7 * u, ITEMS[i % ITEMS.length] ?? '', { size: 0.95 * u, fill: pal.main, anchor: 'middle' });
      s += rect(27 * u, y + 9.2 * u, 69 * u, 0.1 * u, GREY.line);
    }
    for (let i = 0; i < 5; i++) {
      s += rect(52 * u + i * 3.4 * u, 77 * u, 2.6 * u, 2.6 * u, i === 0 ? pal.main : '#fff', {
        rx: 0.4 * u,
        stroke: i ? GREY.line : undefined,
      });
      s += text(53.3 * u + i * 3.4 * u, 78.8 * u, String(i + 1), {
        size: 1.1 * u,
        fill: i ? INK2 : '#fff',
        anchor: 'middle',
      });
    }
  } else {
    s += siteNav(doc, w, u, pal, name, 4);
    s += rect(
      0,
      7.15 * u,
      w,
      8 * u,
      doc.lin(
        [
          [0, pal.deep],
          [1, pal.main],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    s += text(6 * u, 12.3 * u, '新闻中心', { size: 2.2 * u, weight: 700, fill: '#fff' });
    s += circle(90 * u, 8 * u, 8 * u, '#fff', { opacity: 0.07 });
    s += text(4 * u, 18.5 * u, '首页 › 新闻中心 › 公司动态', { size: 1.1 * u, fill: GREY.text });
    const tb = fitBlock(name, 62 * u, 2.4 * u, 1.7 * u, 2);
    let y = 23.5 * u;
    tb.lines.forEach((l) => {
      s += text(4 * u, y, l, { size: tb.size, weight: 700, fill: pal.ink });
      y += tb.size * 1.4;
    });
    s += text(
      4 * u,
      y + 0.4 * u,
      `发布时间：${date(rng)}\u3000\u3000浏览：${rng.int(1000, 9999)}\u3000\u3000来源：本站`,
      {
        size: 1.05 * u,
        fill: GREY.text,
      },
    );
    y += 2 * u;
    s += rect(4 * u, y, 62 * u, 0.12 * u, GREY.line);
    y += 2 * u;
    s += paragraph(4 * u, y, 62 * u, 3, 2.2 * u, 0.9 * u, rng);
    y += 7 * u;
    s += picture(doc, 4 * u, y, 62 * u, 24 * u, pal, rng, 0.8 * u, 'photo');
    y += 26.5 * u;
    s += paragraph(4 * u, y, 62 * u, 5, 2.2 * u, 0.9 * u, rng);
    y += 12 * u;
    s += rect(4 * u, y, 62 * u, 8 * u, pal.soft, { rx: 0.5 * u }) + rect(4 * u, y, 0.5 * u, 8 * u, pal.main);
    s += paragraph(6 * u, y + 2 * u, 56 * u, 2, 2.4 * u, 0.9 * u, rng, tint(pal.main, 0.6));
    s += paragraph(4 * u, y + 11 * u, 62 * u, 6, 2.2 * u, 0.9 * u, rng);
    s += card(doc, 70 * u, 21 * u, 26 * u, 30 * u, 0.8 * u);
    s +=
      text(72 * u, 25 * u, '相关推荐', { size: 1.4 * u, weight: 700, fill: pal.ink }) +
      bar(72 * u, 26.3 * u, 3 * u, 0.4 * u, pal.main);
    for (let i = 0; i < 3; i++) {
      const yy = 28.5 * u + i * 7.2 * u;
      s += picture(doc, 72 * u, yy, 8 * u, 5.5 * u, pal, rng, 0.4 * u, i % 2 ? 'abstract' : 'photo');
      s += fitText(81.5 * u, yy + 1.8 * u, TITLES[i + 4] ?? '', 13 * u, 1.05 * u, pal.ink, 600);
      s +=
        bar(81.5 * u, yy + 3 * u, 11 * u, 0.7 * u, GREY.bar) + bar(81.5 * u, yy + 4.4 * u, 7 * u, 0.7 * u, GREY.bar2);
    }
    s += rect(70 * u, 53 * u, 26 * u, 13 * u, doc.grad(pal.main, pal.teal, 0, 0, 1, 1), { rx: 0.8 * u });
    s += text(72.5 * u, 57.5 * u, '咨询热线', { size: 1.2 * u, fill: '#fff', opacity: 0.85 });
    s += text(72.5 * u, 61.5 * u, '400-888-8888', { size: 2 * u, fill: '#fff', weight: 700 });
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// Mobile website

function mobileSiteScreen(doc: Doc, w: number, h: number, pal: Pal, name: string, page: Page): string {
  const u = w / 100;
  const rng = doc.rng;
  let s = '';
  if (page === 0) {
    s += rect(0, 0, w, h, '#f5f7fb');
    s +=
      rect(
        0,
        0,
        w,
        18 * u,
        doc.lin(
          [
            [0, pal.deep],
            [1, pal.main],
          ],
          0,
          0,
          1,
          0,
        ),
      ) + statusBar(w, u, true);
    s += appMark(doc, 5 * u, 8.5 * u, 6.5 * u, pal);
    s += fitText(14 * u, 13.4 * u, name, 62 * u, 4.2 * u, '#fff', 700);
    for (let i = 0; i < 3; i++) s += bar(86 * u, 9.6 * u + i * 2.4 * u, 8 * u, 1 * u, '#fff');
    s += picture(doc, 4 * u, 21 * u, 92 * u, 36 * u, pal, rng, 3 * u, 'abstract');
    s += text(9 * u, 34 * u, '专业网站建设', { size: 5.4 * u, weight: 700, fill: '#fff' });
    s += text(9 * u, 40.5 * u, '一站式数字化解决方案', { size: 3 * u, fill: '#fff', opacity: 0.85 });
    s +=
      bar(9 * u, 45 * u, 19 * u, 6 * u, pal.accent) +
      text(18.5 * u, 49.1 * u, '立即咨询', { size: 2.8 * u, fill: '#fff', anchor: 'middle' });
    for (let i = 0; i < 3; i++)
      s += bar(44 * u + i * 4 * u, 54 * u, i ? 2 * u : 3 * u, 1 * u, '#fff', { opacity: i ? 0.5 : 1 });
    s += rect(4 * u, 60 * u, 92 * u, 42 * u, '#fff', { rx: 3 * u });
    const items: Array<[string, IconGlyph]> = [
      ['网站建设', 'web'],
      ['小程序', 'miniapp'],
      ['公众号', 'wechat'],
      ['APP开发', 'app'],
      ['品牌设计', 'brand'],
      ['SEO优化', 'seo'],
      ['云服务', 'cloud'],
      ['联系我们', 'phone'],
    ];
    const colors = [pal.main, pal.teal, pal.accent, pal.deep];
    items.forEach(([label, gl], i) => {
      const cx = 15 * u + (i % 4) * 23.3 * u;
      const cy = 69.5 * u + Math.floor(i / 4) * 18.5 * u;
      const c = colors[(i + Math.floor(i / 4)) % 4] ?? pal.main;
      s += circle(cx, cy, 6 * u, c) + smallGlyph(gl, cx, cy, 7 * u, c);
      s += text(cx, cy + 10.5 * u, label, { size: 2.7 * u, fill: pal.ink, anchor: 'middle' });
    });
    s +=
      bar(4 * u, 106 * u, 1 * u, 4.5 * u, pal.main) +
      text(7 * u, 109.8 * u, '推荐案例', { size: 3.8 * u, weight: 700, fill: pal.ink });
    s += text(96 * u, 109.6 * u, '更多 ›', { size: 2.8 * u, fill: GREY.text, anchor: 'end' });
    for (let i = 0; i < 2; i++) {
      const x = 4 * u + i * 47 * u;
      s += rect(x, 114 * u, 45 * u, 40 * u, '#fff', { rx: 2.5 * u });
      s += picture(doc, x, 114 * u, 45 * u, 26 * u, pal, rng, 2.5 * u, i ? 'city' : 'photo');
      s += fitText(x + 3 * u, 146 * u, TITLES[i] ?? '', 39 * u, 3 * u, pal.ink, 600);
      s += bar(x + 3 * u, 149.5 * u, 26 * u, 1.4 * u, GREY.bar);
    }
    for (let i = 0; i < 3; i++) {
      const y = 158 * u + i * 24 * u;
      if (y > h) break;
      s += rect(4 * u, y, 92 * u, 21 * u, '#fff', { rx: 2.5 * u });
      s += picture(doc, 7 * u, y + 3 * u, 22 * u, 15 * u, pal, rng, 1.5 * u, 'photo');
      s += fitText(33 * u, y + 8 * u, TITLES[i + 3] ?? '', 58 * u, 3.2 * u, pal.ink, 600);
      s += paragraph(33 * u, y + 11.5 * u, 58 * u, 2, 3.6 * u, 1.4 * u, rng);
    }
    s += bottomBar(doc, w, h, u, pal);
  } else if (page === 1) {
    s += rect(0, 0, w, h, GREY.page) + rect(0, 0, w, 26 * u, '#fff') + statusBar(w, u, false);
    s +=
      chevron(6 * u, 12 * u, 2.6 * u, pal.ink) +
      text(50 * u, 13.3 * u, '成功案例', { size: 4 * u, weight: 700, fill: pal.ink, anchor: 'middle' });
    s += magnifier(90 * u, 11.3 * u, 2 * u, pal.ink);
    ['全部', '网站', '小程序', '公众号', '品牌'].forEach((t, i) => {
      const x = 4 * u + i * 18.5 * u;
      if (i === 0) s += bar(x, 17.5 * u, 15 * u, 6 * u, pal.main);
      s += text(x + 7.5 * u, 21.6 * u, t, {
        size: 2.9 * u,
        fill: i ? INK2 : '#fff',
        anchor: 'middle',
        weight: i ? undefined : 600,
      });
    });
    for (let i = 0; i < 6; i++) {
      const y = 29 * u + i * 29 * u;
      if (y > h) break;
      s += rect(4 * u, y, 92 * u, 26 * u, '#fff', { rx: 2.5 * u });
      s += picture(
        doc,
        7 * u,
        y + 3 * u,
        28 * u,
        20 * u,
        pal,
        rng,
        1.5 * u,
        (['photo', 'abstract', 'city', 'product'] as const)[i % 4],
      );
      s += fitText(38 * u, y + 8 * u, TITLES[(i + 2) % TITLES.length] ?? '', 54 * u, 3.3 * u, pal.ink, 600);
      s += paragraph(38 * u, y + 11.3 * u, 54 * u, 2, 3.4 * u, 1.4 * u, rng);
      s +=
        bar(38 * u, y + 18.5 * u, 14 * u, 4 * u, pal.soft) +
        text(45 * u, y + 21.4 * u, ITEMS[i % ITEMS.length] ?? '', { size: 2.2 * u, fill: pal.main, anchor: 'middle' });
      s += text(92 * u, y + 21.4 * u, date(rng), { size: 2.2 * u, fill: GREY.text, anchor: 'end' });
    }
    s += bottomBar(doc, w, h, u, pal);
  } else {
    s += rect(0, 0, w, h, '#fff');
    s += picture(doc, 0, 0, w, 64 * u, pal, rng, 0, 'city') + statusBar(w, u, true);
    s += circle(8 * u, 13 * u, 4 * u, '#000', { opacity: 0.25 }) + chevron(7.6 * u, 13 * u, 1.8 * u, '#fff');
    s += circle(92 * u, 13 * u, 4 * u, '#000', { opacity: 0.25 });
    for (let i = 0; i < 3; i++) s += circle(90 * u + i * 2 * u, 13 * u, 0.6 * u, '#fff');
    s += rect(0, 58 * u, w, h, '#fff', { rx: 5 * u });
    const tb = fitBlock(name, 88 * u, 5.4 * u, 4 * u, 2);
    let y = 68 * u;
    tb.lines.forEach((l) => {
      s += text(6 * u, y, l, { size: tb.size, weight: 700, fill: pal.ink });
      y += tb.size * 1.35;
    });
    s +=
      bar(6 * u, y - 1 * u, 15 * u, 4.5 * u, pal.soft) +
      text(13.5 * u, y + 2.2 * u, '网站建设', { size: 2.3 * u, fill: pal.main, anchor: 'middle' });
    s +=
      bar(23 * u, y - 1 * u, 13 * u, 4.5 * u, tint(pal.accent, 0.85)) +
      text(29.5 * u, y + 2.2 * u, '响应式', { size: 2.3 * u, fill: pal.accent, anchor: 'middle' });
    s += text(94 * u, y + 2.2 * u, `阅读 ${rng.int(1000, 9999)}`, { size: 2.5 * u, fill: GREY.text, anchor: 'end' });
    y += 9 * u;
    s += paragraph(6 * u, y, 88 * u, 5, 5 * u, 2 * u, rng);
    y += 26 * u;
    s += picture(doc, 6 * u, y, 88 * u, 42 * u, pal, rng, 2 * u, 'photo');
    s += paragraph(6 * u, y + 47 * u, 88 * u, 6, 5 * u, 2 * u, rng);
    const by = h - 15 * u;
    s += rect(0, by, w, 15 * u, '#fff') + rect(0, by, w, 0.2 * u, GREY.line);
    s +=
      roundIcon(9 * u, by + 6 * u, 3 * u, tint(pal.main, 0.8), 4) +
      roundIcon(20 * u, by + 6 * u, 3 * u, tint(pal.main, 0.8), 2);
    s += bar(30 * u, by + 2 * u, 64 * u, 8.5 * u, doc.grad(pal.main, pal.teal, 0, 0, 1, 0));
    s += text(62 * u, by + 7.4 * u, '立即咨询', { size: 3.4 * u, fill: '#fff', weight: 600, anchor: 'middle' });
  }
  return s;
}

function bottomBar(doc: Doc, w: number, h: number, u: number, pal: Pal): string {
  const by = h - 15 * u;
  let s = rect(0, by, w, 15 * u, '#fff', { filter: doc.shadow(-1, 3, '#1b3a6b', 0.08) });
  const labels = ['首页', '案例', '电话咨询', '我的'];
  labels.forEach((l, i) => {
    const cx = 12.5 * u + i * 25 * u;
    if (i === 2) {
      s += circle(cx, by + 1 * u, 7 * u, doc.grad(pal.accent, pal.main), { stroke: '#fff', 'stroke-width': 1 * u });
      s += smallGlyph('phone', cx, by + 1 * u, 6.5 * u, pal.accent);
    } else {
      s += roundIcon(cx, by + 4.5 * u, 2.6 * u, i === 0 ? pal.main : '#c4ccd8', i * 2);
    }
    s += text(cx, by + 11 * u, l, { size: 2.4 * u, fill: i === 0 ? pal.main : INK2, anchor: 'middle' });
  });
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// WeChat official account

function wechatScreen(doc: Doc, w: number, h: number, pal: Pal, name: string, page: Page): string {
  const u = w / 100;
  const rng = doc.rng;
  let s = '';
  if (page === 0) {
    s += rect(0, 0, w, h, '#fff') + rect(0, 0, w, 16 * u, '#ededed') + statusBar(w, u, false);
    s += path(
      `M${n(5 * u)} ${n(9 * u)}l${n(3.6 * u)} ${n(3.6 * u)}m0 -${n(3.6 * u)}l-${n(3.6 * u)} ${n(3.6 * u)}`,
      'none',
      { stroke: '#111', 'stroke-width': 0.6 * u, 'stroke-linecap': 'round' },
    );
    for (let i = 0; i < 3; i++) s += circle(88 * u + i * 2.6 * u, 11 * u, 0.8 * u, '#111');
    const tb = fitBlock(name, 88 * u, 5.6 * u, 4.2 * u, 3);
    let y = 25 * u;
    tb.lines.forEach((l) => {
      s += text(6 * u, y, l, { size: tb.size, weight: 700, fill: '#1a1a1a' });
      y += tb.size * 1.4;
    });
    y += 1 * u;
    s +=
      rect(6 * u, y - 3 * u, 8 * u, 4 * u, '#f2f2f2', { rx: 0.6 * u }) +
      text(10 * u, y - 0.1 * u, '原创', { size: 2.2 * u, fill: '#888', anchor: 'middle' });
    s += fitText(16 * u, y, name, 40 * u, 2.8 * u, '#576b95');
    s += text(94 * u, y, date(rng), { size: 2.6 * u, fill: '#b2b2b2', anchor: 'end' });
    y += 4 * u;
    s += picture(doc, 6 * u, y, 88 * u, 46 * u, pal, rng, 1.5 * u, rng.pick(['photo', 'abstract', 'city'] as const));
    y += 51 * u;
    s += paragraph(6 * u, y, 88 * u, 5, 5 * u, 2 * u, rng, '#dcdfe4');
    y += 26 * u;
    s += rect(6 * u, y, 88 * u, 19 * u, pal.soft, { rx: 1 * u }) + rect(6 * u, y, 1 * u, 19 * u, pal.main);
    s += paragraph(11 * u, y + 4.5 * u, 78 * u, 3, 5 * u, 2 * u, rng, tint(pal.main, 0.55));
    y += 24 * u;
    s += picture(doc, 6 * u, y, 88 * u, 40 * u, pal, rng, 1.5 * u, 'product');
    y += 45 * u;
    s += paragraph(6 * u, y, 88 * u, 6, 5 * u, 2 * u, rng, '#dcdfe4');
    const by = h - 12 * u;
    s += rect(0, by, w, 12 * u, '#fff') + rect(0, by, w, 0.2 * u, '#eee');
    s += text(6 * u, by + 6.5 * u, `阅读 ${rng.int(2, 9)}.${rng.int(1, 9)}万`, { size: 2.6 * u, fill: '#888' });
    s += path(
      `M${n(70 * u)} ${n(by + 6.8 * u)}l${n(1.6 * u)} -${n(1.6 * u)}a1.2 1.2 0 0 0 -${n(1.6 * u)} -${n(1.8 * u)}a1.2 1.2 0 0 0 -${n(1.6 * u)} ${n(1.8 * u)}z`,
      '#fa5151',
    );
    s +=
      text(74 * u, by + 6.5 * u, '在看', { size: 2.6 * u, fill: '#576b95' }) +
      text(88 * u, by + 6.5 * u, '分享', { size: 2.6 * u, fill: '#576b95' });
  } else if (page === 1) {
    s += rect(0, 0, w, h, '#ededed') + statusBar(w, u, false);
    s += chevron(6 * u, 12 * u, 2.6 * u, '#111');
    s += fitText(50 * u, 13.3 * u, name, 56 * u, 3.8 * u, '#111', 600, 'middle');
    s += circle(92 * u, 10.5 * u, 1.6 * u, 'none', { stroke: '#111', 'stroke-width': 0.5 * u });
    s += path(`M${n(88.5 * u)} ${n(15.6 * u)}a${n(3.5 * u)} ${n(3 * u)} 0 0 1 ${n(7 * u)} 0`, 'none', {
      stroke: '#111',
      'stroke-width': 0.5 * u,
    });
    s += rect(0, 17.5 * u, w, 0.15 * u, '#ddd');
    s += text(50 * u, 24 * u, '上午 10:24', { size: 2.5 * u, fill: '#999', anchor: 'middle' });
    const cy = 28 * u;
    const clip = doc.clipRect(4 * u, cy, 92 * u, 72 * u, 2 * u);
    let c = rect(4 * u, cy, 92 * u, 72 * u, '#fff');
    c += picture(doc, 4 * u, cy, 92 * u, 42 * u, pal, rng, 0, 'abstract');
    c += rect(
      4 * u,
      cy + 28 * u,
      92 * u,
      14 * u,
      doc.lin(
        [
          [0, '#000', 0],
          [1, '#000', 0.55],
        ],
        0,
        0,
        0,
        1,
      ),
    );
    c += fitText(8 * u, cy + 38 * u, name, 84 * u, 3.6 * u, '#fff', 600);
    for (let i = 0; i < 2; i++) {
      const yy = cy + 42 * u + i * 15 * u;
      c += rect(8 * u, yy, 84 * u, 0.15 * u, '#eee');
      c += fitText(8 * u, yy + 8.6 * u, TITLES[i + 1 + (name.length % 4)] ?? '', 62 * u, 3.2 * u, '#1a1a1a');
      c += picture(doc, 80 * u, yy + 2.5 * u, 11 * u, 11 * u, pal, rng, 0.6 * u, i ? 'product' : 'photo');
    }
    s += g(c, { 'clip-path': clip });
    s += text(50 * u, 108 * u, '上午 11:02', { size: 2.5 * u, fill: '#999', anchor: 'middle' });
    s += appMark(doc, 4 * u, 112 * u, 9 * u, pal);
    s +=
      rect(16 * u, 112 * u, 62 * u, 17 * u, '#fff', { rx: 1.5 * u }) +
      paragraph(20 * u, 116 * u, 54 * u, 2, 5 * u, 2 * u, rng, '#cfd4db');
    const by = h - 17 * u;
    s += rect(0, by, w, 17 * u, '#f7f7f7') + rect(0, by, w, 0.2 * u, '#ddd');
    s += rect(4 * u, by + 4 * u, 8 * u, 6 * u, 'none', { stroke: '#444', 'stroke-width': 0.5 * u, rx: 1 * u });
    for (let i = 0; i < 3; i++) s += rect(5.6 * u + i * 1.9 * u, by + 5.6 * u, 1 * u, 1 * u, '#444');
    s += rect(6 * u, by + 8 * u, 4 * u, 0.7 * u, '#444');
    s += rect(16 * u, by, 0.2 * u, 13 * u, '#ddd');
    const menus = ['最新动态', '产品服务', '联系我们'];
    menus.forEach((m, i) => {
      const cx = 30 * u + i * 28 * u;
      if (i) s += rect(16 * u + i * 28 * u, by + 3 * u, 0.2 * u, 7 * u, '#ddd');
      s += text(cx, by + 7.9 * u, m, { size: 3 * u, fill: '#1a1a1a', anchor: 'middle' });
    });
    const subs = ['网站建设', '小程序开发', '品牌设计', '营销推广'];
    const ph = subs.length * 8 * u;
    const px = 44 * u;
    const py = by - ph - 3 * u;
    s += rect(px, py, 28 * u, ph, '#fff', { rx: 1.2 * u, filter: doc.shadow(1, 2, '#000', 0.12) });
    s += path(`M${n(56 * u)} ${n(py + ph)}l${n(2 * u)} ${n(2 * u)}l${n(2 * u)} -${n(2 * u)}z`, '#fff');
    subs.forEach((t, i) => {
      if (i) s += rect(px + 2 * u, py + i * 8 * u, 24 * u, 0.15 * u, '#eee');
      s += text(px + 14 * u, py + i * 8 * u + 5.2 * u, t, { size: 2.8 * u, fill: '#1a1a1a', anchor: 'middle' });
    });
  } else {
    s += rect(0, 0, w, h, '#ededed') + rect(0, 0, w, 82 * u, '#fff') + statusBar(w, u, false);
    s += chevron(6 * u, 12 * u, 2.6 * u, '#111');
    for (let i = 0; i < 3; i++) s += circle(88 * u + i * 2.6 * u, 12 * u, 0.8 * u, '#111');
    s += appMark(doc, 6 * u, 22 * u, 15 * u, pal);
    s += fitText(25 * u, 28 * u, name, 68 * u, 4.6 * u, '#1a1a1a', 700);
    s += text(25 * u, 34 * u, `微信号：gh_${(name.length * 7919 + 4096).toString(16)}a${rng.int(10, 99)}`, {
      size: 2.6 * u,
      fill: '#888',
    });
    s += paragraph(6 * u, 44 * u, 88 * u, 2, 4.6 * u, 2 * u, rng, '#d5d9df');
    s += text(6 * u, 58.5 * u, `${rng.int(120, 980)}篇原创内容\u3000\u3000${rng.int(2, 9)}位朋友关注`, {
      size: 2.6 * u,
      fill: '#888',
    });
    s +=
      rect(6 * u, 64 * u, 42 * u, 10 * u, WX_GREEN, { rx: 1.5 * u }) +
      text(27 * u, 70.4 * u, '进入公众号', { size: 3.2 * u, fill: '#fff', anchor: 'middle', weight: 600 });
    s +=
      rect(52 * u, 64 * u, 42 * u, 10 * u, '#f2f2f2', { rx: 1.5 * u }) +
      text(73 * u, 70.4 * u, '发消息', { size: 3.2 * u, fill: WX_GREEN, anchor: 'middle', weight: 600 });
    s += rect(0, 86 * u, w, h, '#fff');
    s += text(6 * u, 93 * u, '最近文章', { size: 3 * u, fill: '#888' });
    for (let i = 0; i < 6; i++) {
      const y = 97 * u + i * 21 * u;
      if (y > h) break;
      s += fitText(6 * u, y + 6 * u, TITLES[(i + 3) % TITLES.length] ?? '', 62 * u, 3.4 * u, '#1a1a1a', 600);
      s += bar(6 * u, y + 9.5 * u, 50 * u, 1.6 * u, '#e3e6ea');
      s += text(6 * u, y + 16 * u, `阅读 ${rng.int(1000, 9999)}`, { size: 2.4 * u, fill: '#aaa' });
      s += picture(doc, 74 * u, y + 2 * u, 20 * u, 16 * u, pal, rng, 1 * u, i % 2 ? 'photo' : 'abstract');
      s += rect(6 * u, y + 20 * u, 88 * u, 0.15 * u, '#eee');
    }
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// Mini program

function capsule(x: number, y: number, w: number, h: number, onColour: boolean): string {
  const c = onColour ? '#fff' : '#1a1a1a';
  let s = bar(x, y, w, h, onColour ? '#ffffff' : '#fff', {
    'fill-opacity': onColour ? 0.25 : 1,
    stroke: onColour ? '#fff' : '#e3e3e3',
    'stroke-opacity': onColour ? 0.6 : 1,
    'stroke-width': h * 0.05,
  });
  for (let i = 0; i < 3; i++) s += circle(x + w * 0.25 + (i - 1) * h * 0.32, y + h / 2, h * (i === 1 ? 0.11 : 0.08), c);
  s += rect(x + w / 2, y + h * 0.24, h * 0.05, h * 0.52, c, { opacity: 0.35 });
  s += circle(x + w * 0.75, y + h / 2, h * 0.26, 'none', { stroke: c, 'stroke-width': h * 0.08 });
  s += circle(x + w * 0.75, y + h / 2, h * 0.09, c);
  return s;
}

function tabBar(w: number, h: number, u: number, pal: Pal, active: number): string {
  const by = h - 15 * u;
  let s = rect(0, by, w, 15 * u, '#fff') + rect(0, by, w, 0.2 * u, '#eee');
  ['首页', '分类', '购物车', '我的'].forEach((l, i) => {
    const cx = 12.5 * u + i * 25 * u;
    const c = i === active ? pal.main : '#9aa3b0';
    s += roundIcon(cx, by + 5 * u, 2.8 * u, c, [0, 4, 2, 3][i] ?? 0);
    s += text(cx, by + 11.4 * u, l, { size: 2.4 * u, fill: c, anchor: 'middle' });
  });
  return s;
}

function miniScreen(doc: Doc, w: number, h: number, pal: Pal, name: string, page: Page): string {
  const u = w / 100;
  const rng = doc.rng;
  let s = '';
  if (page === 0) {
    s +=
      rect(0, 0, w, h, '#f5f6f8') +
      rect(
        0,
        0,
        w,
        42 * u,
        doc.lin(
          [
            [0, pal.main],
            [1, pal.teal],
          ],
          0,
          0,
          1,
          1,
        ),
      ) +
      statusBar(w, u, true);
    s += fitText(50 * u, 13.2 * u, name, 44 * u, 3.9 * u, '#fff', 600, 'middle');
    s += capsule(74.5 * u, 7.6 * u, 23 * u, 8.4 * u, true);
    s += bar(4 * u, 19 * u, 92 * u, 8.5 * u, '#fff') + magnifier(9.5 * u, 22.8 * u, 1.6 * u, '#9aa3b0');
    s += text(14 * u, 24.4 * u, '搜索商品、服务', { size: 3 * u, fill: '#9aa3b0' });
    s += picture(doc, 4 * u, 31 * u, 92 * u, 36 * u, pal, rng, 3 * u, 'abstract');
    s += text(10 * u, 45 * u, '新品上市', { size: 5.6 * u, weight: 700, fill: '#fff' });
    s += text(10 * u, 51.5 * u, '全场满199减50', { size: 3 * u, fill: '#fff', opacity: 0.9 });
    s +=
      bar(10 * u, 55 * u, 16 * u, 5.4 * u, '#fff') +
      text(18 * u, 58.7 * u, '立即抢购', { size: 2.5 * u, fill: pal.main, anchor: 'middle' });
    for (let i = 0; i < 4; i++)
      s += bar(43 * u + i * 4 * u, 63.5 * u, i ? 2 * u : 3 * u, 0.9 * u, '#fff', { opacity: i ? 0.5 : 1 });
    s += rect(4 * u, 70 * u, 92 * u, 37 * u, '#fff', { rx: 2.5 * u });
    const labels = ['新品', '热卖', '优惠券', '会员', '积分', '拼团', '秒杀', '预约', '门店', '客服'];
    const colors = [pal.main, pal.accent, '#ff6b6b', pal.teal, '#8e7cf0'];
    labels.forEach((l, i) => {
      const cx = 13 * u + (i % 5) * 18.5 * u;
      const cy = 77.5 * u + Math.floor(i / 5) * 16 * u;
      s += roundIcon(cx, cy, 4.8 * u, colors[i % 5] ?? pal.main, i);
      s += text(cx, cy + 9 * u, l, { size: 2.5 * u, fill: pal.ink, anchor: 'middle' });
    });
    s += text(4 * u, 116 * u, '限时特惠', { size: 3.8 * u, weight: 700, fill: pal.ink });
    s +=
      bar(22 * u, 112.4 * u, 18 * u, 4.6 * u, RED) +
      text(31 * u, 115.8 * u, `0${rng.int(1, 9)}:${rng.int(10, 59)}:${rng.int(10, 59)}`, {
        size: 2.4 * u,
        fill: '#fff',
        anchor: 'middle',
      });
    s += text(96 * u, 116 * u, '更多 ›', { size: 2.7 * u, fill: GREY.text, anchor: 'end' });
    for (let i = 0; i < 4; i++) {
      const x = 4 * u + (i % 2) * 47 * u;
      const y = 120 * u + Math.floor(i / 2) * 62 * u;
      if (y > h) break;
      s += rect(x, y, 45 * u, 58 * u, '#fff', { rx: 2.5 * u });
      s += picture(doc, x, y, 45 * u, 36 * u, pal, rng, 2.5 * u, 'product');
      s += fitText(x + 3 * u, y + 42 * u, ITEMS[i] ? `${ITEMS[i]}套餐` : '', 39 * u, 3 * u, pal.ink);
      s += text(x + 3 * u, y + 52 * u, '¥', { size: 2.6 * u, fill: RED, weight: 700 });
      s += text(x + 5.5 * u, y + 52 * u, String(rng.int(99, 999)), { size: 4.4 * u, fill: RED, weight: 700 });
      s += text(x + 42 * u, y + 52 * u, `已售${rng.int(1, 9)}.${rng.int(1, 9)}k`, {
        size: 2.3 * u,
        fill: GREY.text,
        anchor: 'end',
      });
    }
    s += tabBar(w, h, u, pal, 0);
  } else if (page === 1) {
    s += rect(0, 0, w, h, '#fff') + statusBar(w, u, false);
    s += fitText(50 * u, 13.2 * u, name, 44 * u, 3.9 * u, '#1a1a1a', 600, 'middle');
    s += capsule(74.5 * u, 7.6 * u, 23 * u, 8.4 * u, false);
    s +=
      bar(4 * u, 18.5 * u, 92 * u, 8 * u, '#f2f4f7') +
      magnifier(9.5 * u, 22 * u, 1.6 * u, '#9aa3b0') +
      text(14 * u, 23.6 * u, '搜索', { size: 3 * u, fill: '#9aa3b0' });
    s += rect(0, 30 * u, 24 * u, h, '#f5f6f8');
    ['推荐', '热销', '新品', '套餐', '服务', '周边', '会员', '更多'].forEach((l, i) => {
      const y = 30 * u + i * 11 * u;
      if (i === 1) s += rect(0, y, 24 * u, 11 * u, '#fff') + rect(0, y + 3 * u, 0.9 * u, 5 * u, pal.main);
      s += text(12 * u, y + 6.8 * u, l, {
        size: 2.9 * u,
        fill: i === 1 ? pal.main : INK2,
        anchor: 'middle',
        weight: i === 1 ? 600 : undefined,
      });
    });
    s += picture(doc, 27 * u, 31 * u, 69 * u, 22 * u, pal, rng, 2 * u, 'abstract');
    s +=
      text(31 * u, 41 * u, '热销推荐', { size: 4 * u, fill: '#fff', weight: 700 }) +
      text(31 * u, 46.5 * u, '爆款低至5折', { size: 2.6 * u, fill: '#fff', opacity: 0.9 });
    s += text(27 * u, 61 * u, '热门分类', { size: 3.2 * u, fill: pal.ink, weight: 700 });
    for (let i = 0; i < 9; i++) {
      const cx = 38.5 * u + (i % 3) * 23 * u;
      const y = 65 * u + Math.floor(i / 3) * 25 * u;
      if (y > h) break;
      s += picture(doc, cx - 9 * u, y, 18 * u, 16 * u, pal, rng, 2 * u, 'product');
      s += text(cx, y + 21 * u, ITEMS[i % ITEMS.length] ?? '', { size: 2.5 * u, fill: INK2, anchor: 'middle' });
    }
    s += tabBar(w, h, u, pal, 1);
  } else {
    s += rect(0, 0, w, h, '#f5f6f8');
    s += picture(doc, 0, 0, w, 92 * u, pal, rng, 0, 'product') + statusBar(w, u, false);
    s += circle(8 * u, 11.8 * u, 4 * u, '#fff', { opacity: 0.85 }) + chevron(7.6 * u, 11.8 * u, 1.8 * u, '#1a1a1a');
    s += capsule(74.5 * u, 7.6 * u, 23 * u, 8.4 * u, false);
    s +=
      bar(82 * u, 84 * u, 11 * u, 4.6 * u, '#000', { opacity: 0.3 }) +
      text(87.5 * u, 87.3 * u, '1/5', { size: 2.4 * u, fill: '#fff', anchor: 'middle' });
    s += rect(0, 92 * u, w, 34 * u, '#fff');
    const price = rng.int(99, 899);
    s +=
      text(5 * u, 103 * u, '¥', { size: 3.6 * u, fill: RED, weight: 700 }) +
      text(8.5 * u, 103 * u, String(price), { size: 7 * u, fill: RED, weight: 700 });
    s +=
      text(26 * u, 103 * u, `¥${price + 200}`, { size: 2.8 * u, fill: '#aaa' }) +
      rect(26 * u, 102 * u, 9 * u, 0.25 * u, '#aaa');
    s += text(95 * u, 103 * u, `已售 ${rng.int(1, 9)},${rng.int(100, 999)}`, {
      size: 2.6 * u,
      fill: GREY.text,
      anchor: 'end',
    });
    const tb = fitBlock(`${name} 定制服务套餐`, 90 * u, 4 * u, 3.2 * u, 2);
    tb.lines.forEach((l, i) => {
      s += text(5 * u, 111 * u + i * tb.size * 1.35, l, { size: tb.size, weight: 600, fill: pal.ink });
    });
    const rows: Array<[string, string]> = [
      ['服务', '7天无理由 · 极速响应 · 正品保障'],
      ['规格', '标准版 / 专业版 / 旗舰版'],
      ['配送', '线上交付 · 全国可用'],
    ];
    rows.forEach(([a, b], i) => {
      const y = 129 * u + i * 9 * u;
      s +=
        rect(0, y, w, 9 * u, '#fff') +
        text(5 * u, y + 5.8 * u, a, { size: 2.7 * u, fill: GREY.text }) +
        text(16 * u, y + 5.8 * u, b, { size: 2.7 * u, fill: pal.ink });
      s += chevron(94 * u, y + 4.8 * u, 1.2 * u, '#bbb', 'right');
    });
    s += text(50 * u, 165 * u, '— 商品详情 —', { size: 2.8 * u, fill: GREY.text, anchor: 'middle' });
    s += picture(doc, 0, 169 * u, w, 60 * u, pal, rng, 0, 'photo');
    const by = h - 15 * u;
    s += rect(0, by, w, 15 * u, '#fff') + rect(0, by, w, 0.2 * u, '#eee');
    ['店铺', '客服', '购物车'].forEach((l, i) => {
      const cx = 7 * u + i * 10 * u;
      s +=
        roundIcon(cx, by + 4.6 * u, 2.4 * u, '#9aa3b0', i + 2) +
        text(cx, by + 10.6 * u, l, { size: 2.1 * u, fill: INK2, anchor: 'middle' });
    });
    s +=
      bar(36 * u, by + 2.5 * u, 29 * u, 9 * u, doc.grad(pal.accent, tint(pal.accent, 0.2), 0, 0, 1, 0)) +
      text(50.5 * u, by + 8.1 * u, '加入购物车', { size: 3 * u, fill: '#fff', anchor: 'middle', weight: 600 });
    s +=
      bar(66.5 * u, by + 2.5 * u, 29 * u, 9 * u, doc.grad(pal.main, pal.deep, 0, 0, 1, 0)) +
      text(81 * u, by + 8.1 * u, '立即购买', { size: 3 * u, fill: '#fff', anchor: 'middle', weight: 600 });
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// Admin dashboard

function status(x: number, y: number, u: number, i: number, pal: Pal): string {
  const list: Array<[string, string]> = [
    ['已完成', GREEN],
    ['进行中', pal.main],
    ['待审核', '#ff9900'],
  ];
  const [label, c] = list[i % 3] ?? list[0]!;
  return (
    bar(x, y - 1.35 * u, 6 * u, 1.9 * u, c, { opacity: 0.14 }) +
    text(x + 3 * u, y, label, { size: 0.95 * u, fill: c, anchor: 'middle' })
  );
}

function dashScreen(doc: Doc, w: number, h: number, pal: Pal, name: string, page: Page): string {
  const u = w / 100;
  const rng = doc.rng;
  let s = rect(0, 0, w, h, '#f3f6fb');
  s += rect(
    0,
    0,
    15 * u,
    h,
    doc.lin(
      [
        [0, pal.deep],
        [1, tint(pal.deep, 0.05)],
      ],
      0,
      0,
      0,
      1,
    ),
  );
  s += appMark(doc, 1.6 * u, 1.5 * u, 2.8 * u, pal) + fitText(5.2 * u, 3.4 * u, name, 9.2 * u, 1.25 * u, '#fff', 700);
  const menu = ['数据概览', '订单管理', '客户管理', '数据分析', '内容管理', '营销中心', '消息通知', '系统设置'];
  const active = page === 0 ? 0 : page === 1 ? 1 : 3;
  menu.forEach((m, i) => {
    const y = 9 * u + i * 4.2 * u;
    if (i === active) s += rect(1.2 * u, y - 2.2 * u, 12.6 * u, 3.6 * u, pal.main, { rx: 0.6 * u });
    s += rect(2.6 * u, y - 1.05 * u, 1.5 * u, 1.5 * u, '#fff', { rx: 0.4 * u, opacity: i === active ? 1 : 0.55 });
    s += text(5.2 * u, y + 0.4 * u, m, { size: 1.15 * u, fill: '#fff', opacity: i === active ? 1 : 0.7 });
  });
  s += rect(15 * u, 0, 85 * u, 5.6 * u, '#fff') + rect(15 * u, 5.6 * u, 85 * u, 0.1 * u, GREY.line);
  s += text(17 * u, 3.4 * u, `首页 / ${menu[active]}`, { size: 1.1 * u, fill: GREY.text });
  s += bar(62 * u, 1.5 * u, 20 * u, 2.6 * u, '#f1f4f8') + magnifier(63.8 * u, 2.7 * u, 0.6 * u, '#9aa3b0');
  s +=
    circle(86 * u, 2.8 * u, 0.9 * u, 'none', { stroke: '#9aa3b0', 'stroke-width': 0.25 * u }) +
    circle(86.8 * u, 2 * u, 0.35 * u, RED);
  s +=
    circle(90.5 * u, 2.8 * u, 1.5 * u, doc.grad(pal.main, pal.teal)) + bar(92.6 * u, 2.4 * u, 5 * u, 0.8 * u, GREY.bar);

  const cardTitle = (x: number, y: number, t: string): string =>
    text(x + 1.6 * u, y + 3 * u, t, { size: 1.3 * u, weight: 700, fill: pal.ink });

  if (page === 0) {
    const kpi = ['今日访问', '新增客户', '订单总数', '销售额 (元)'];
    const vals = [
      `${rng.int(10, 99)},${rng.int(100, 999)}`,
      String(rng.int(120, 980)),
      `${rng.int(1, 9)},${rng.int(100, 999)}`,
      `${rng.int(100, 999)},${rng.int(100, 999)}`,
    ];
    const colors = [pal.main, pal.teal, pal.accent, '#8e7cf0'];
    kpi.forEach((k, i) => {
      const x = 17 * u + i * 20.5 * u;
      const y = 7.5 * u;
      const c = colors[i] ?? pal.main;
      s += card(doc, x, y, 19.3 * u, 11 * u, 0.7 * u);
      s += text(x + 1.5 * u, y + 3 * u, k, { size: 1.1 * u, fill: GREY.text });
      s += text(x + 1.5 * u, y + 6.6 * u, vals[i] ?? '', { size: 2.2 * u, weight: 700, fill: pal.ink });
      const up = i !== 2;
      s += text(x + 1.5 * u, y + 9.3 * u, `${up ? '↑' : '↓'} ${rng.int(2, 30)}.${rng.int(0, 9)}%`, {
        size: 1 * u,
        fill: up ? GREEN : RED,
      });
      s +=
        circle(x + 16.3 * u, y + 3.2 * u, 1.6 * u, c, { opacity: 0.15 }) +
        circle(x + 16.3 * u, y + 3.2 * u, 0.7 * u, c);
      s += sparkline(x + 10.5 * u, y + 6 * u, 7.3 * u, 3.4 * u, c, rng);
    });
    s += card(doc, 17 * u, 20.5 * u, 52 * u, 24 * u, 0.7 * u) + cardTitle(17 * u, 20.5 * u, '访问趋势');
    s += circle(52 * u, 23 * u, 0.5 * u, pal.main) + text(53 * u, 23.4 * u, '本周', { size: 1 * u, fill: GREY.text });
    s += circle(58 * u, 23 * u, 0.5 * u, pal.teal) + text(59 * u, 23.4 * u, '上周', { size: 1 * u, fill: GREY.text });
    s += lineChart(doc, 19 * u, 26 * u, 48 * u, 15 * u, pal, rng, 2);
    for (let i = 0; i < 7; i++)
      s += text(19 * u + i * 8 * u, 43.3 * u, `${i + 1}日`, { size: 0.9 * u, fill: GREY.text, anchor: 'middle' });
    s += card(doc, 71 * u, 20.5 * u, 27 * u, 24 * u, 0.7 * u) + cardTitle(71 * u, 20.5 * u, '渠道占比');
    const dv = [0.38, 0.27, 0.2, 0.15];
    const dc = [pal.main, pal.teal, pal.accent, '#8e7cf0'];
    s += donut(79 * u, 33.5 * u, 5 * u, 2.2 * u, dv, dc);
    s += text(79 * u, 34.1 * u, `${rng.int(10, 40)}k`, { size: 1.5 * u, weight: 700, fill: pal.ink, anchor: 'middle' });
    ['搜索', '社交', '直接', '广告'].forEach((l, i) => {
      const y = 28.5 * u + i * 3.2 * u;
      s +=
        circle(87.5 * u, y - 0.35 * u, 0.55 * u, dc[i] ?? pal.main) + text(88.8 * u, y, l, { size: 1 * u, fill: INK2 });
      s += text(96.5 * u, y, `${Math.round((dv[i] ?? 0) * 100)}%`, { size: 1 * u, fill: pal.ink, anchor: 'end' });
    });
    s += card(doc, 17 * u, 46.5 * u, 81 * u, 40 * u, 0.7 * u) + cardTitle(17 * u, 46.5 * u, '最新订单');
    s += text(96 * u, 49.5 * u, '查看全部 ›', { size: 1.05 * u, fill: pal.main, anchor: 'end' });
    s += tableRows(17 * u, 51.5 * u, 81 * u, u, pal, rng, 8, false);
  } else if (page === 1) {
    s += card(doc, 17 * u, 7.5 * u, 81 * u, 8 * u, 0.7 * u);
    ['关键词', '服务类型', '状态'].forEach((l, i) => {
      const x = 19 * u + i * 19 * u;
      s += text(x, 12 * u, l, { size: 1.1 * u, fill: INK2 });
      s += rect(x + 5.4 * u, 9.9 * u, 11.5 * u, 3 * u, '#fff', {
        rx: 0.4 * u,
        stroke: GREY.line,
        'stroke-width': 0.12 * u,
      });
      s += text(x + 6.2 * u, 11.9 * u, i ? '请选择' : '请输入', { size: 1 * u, fill: '#b8c0cc' });
    });
    s +=
      rect(78 * u, 9.9 * u, 8 * u, 3 * u, pal.main, { rx: 0.4 * u }) +
      text(82 * u, 11.9 * u, '查询', { size: 1.1 * u, fill: '#fff', anchor: 'middle' });
    s +=
      rect(88 * u, 9.9 * u, 8 * u, 3 * u, '#fff', { rx: 0.4 * u, stroke: GREY.line, 'stroke-width': 0.12 * u }) +
      text(92 * u, 11.9 * u, '重置', { size: 1.1 * u, fill: INK2, anchor: 'middle' });
    s += card(doc, 17 * u, 17.5 * u, 81 * u, 70 * u, 0.7 * u);
    ['全部', '进行中', '已完成', '已取消'].forEach((t, i) => {
      const x = 19 * u + i * 8 * u;
      s += text(x, 21.3 * u, t, { size: 1.15 * u, fill: i ? INK2 : pal.main, weight: i ? undefined : 700 });
      if (!i) s += rect(x, 22.4 * u, 2.6 * u, 0.35 * u, pal.main);
    });
    s +=
      rect(84 * u, 19.2 * u, 5.6 * u, 2.8 * u, pal.main, { rx: 0.4 * u }) +
      text(86.8 * u, 21.1 * u, '+ 新建', { size: 1 * u, fill: '#fff', anchor: 'middle' });
    s +=
      rect(90.5 * u, 19.2 * u, 5.6 * u, 2.8 * u, '#fff', { rx: 0.4 * u, stroke: GREY.line, 'stroke-width': 0.12 * u }) +
      text(93.3 * u, 21.1 * u, '导出', { size: 1 * u, fill: INK2, anchor: 'middle' });
    s += rect(17 * u, 23 * u, 81 * u, 0.1 * u, GREY.line);
    s += tableRows(17 * u, 24.5 * u, 81 * u, u, pal, rng, 10, true);
    for (let i = 0; i < 5; i++) {
      s += rect(78 * u + i * 3.6 * u, 82.6 * u, 2.8 * u, 2.8 * u, i === 0 ? pal.main : '#fff', {
        rx: 0.4 * u,
        stroke: i ? GREY.line : undefined,
        'stroke-width': 0.12 * u,
      });
      s += text(79.4 * u + i * 3.6 * u, 84.4 * u, String(i + 1), {
        size: 1 * u,
        fill: i ? INK2 : '#fff',
        anchor: 'middle',
      });
    }
    s += text(19 * u, 84.4 * u, `共 ${rng.int(120, 480)} 条记录`, { size: 1.05 * u, fill: GREY.text });
  } else {
    const gauges: Array<[string, string]> = [
      ['目标完成率', pal.main],
      ['客户留存率', pal.teal],
      ['转化率', pal.accent],
    ];
    gauges.forEach(([label, c], i) => {
      const x = 17 * u + i * 27.3 * u;
      const y = 7.5 * u;
      const v = rng.range(0.45, 0.92);
      s += card(doc, x, y, 26 * u, 13 * u, 0.7 * u);
      s += donut(x + 6.5 * u, y + 6.5 * u, 4 * u, 1.3 * u, [v], [c]);
      s += text(x + 6.5 * u, y + 7 * u, `${Math.round(v * 100)}%`, {
        size: 1.4 * u,
        weight: 700,
        fill: pal.ink,
        anchor: 'middle',
      });
      s += text(x + 13 * u, y + 5 * u, label, { size: 1.1 * u, fill: GREY.text });
      s += text(x + 13 * u, y + 8.6 * u, `${rng.int(100, 999)},${rng.int(100, 999)}`, {
        size: 1.8 * u,
        weight: 700,
        fill: pal.ink,
      });
      s += text(x + 13 * u, y + 11 * u, `较上月 ↑${rng.int(2, 19)}%`, { size: 0.95 * u, fill: GREEN });
    });
    s += card(doc, 17 * u, 22.5 * u, 52 * u, 26 * u, 0.7 * u) + cardTitle(17 * u, 22.5 * u, '月度销售额');
    s += barChart(doc, 19.5 * u, 28 * u, 47 * u, 16 * u, pal, rng, 12, true);
    for (let i = 0; i < 12; i += 2)
      s += text(21.5 * u + i * 3.92 * u, 46.5 * u, `${i + 1}月`, { size: 0.9 * u, fill: GREY.text, anchor: 'middle' });
    s += card(doc, 71 * u, 22.5 * u, 27 * u, 26 * u, 0.7 * u) + cardTitle(71 * u, 22.5 * u, '转化漏斗');
    ['访问', '咨询', '报价', '成交'].forEach((l, i) => {
      const y = 27.5 * u + i * 4.8 * u;
      const ww = 20 * u - i * 4 * u;
      const cx = 84.5 * u;
      s += path(
        `M${n(cx - ww / 2)} ${n(y)}h${n(ww)}l-${n(2 * u)} ${n(4.2 * u)}h-${n(ww - 4 * u)}z`,
        [pal.main, tint(pal.main, 0.25), pal.teal, tint(pal.teal, 0.25)][i] ?? pal.main,
      );
      s += text(cx, y + 2.7 * u, l, { size: 1 * u, fill: '#fff', anchor: 'middle' });
    });
    s += card(doc, 17 * u, 50.5 * u, 40 * u, 36 * u, 0.7 * u) + cardTitle(17 * u, 50.5 * u, '热门服务排行');
    ITEMS.forEach((it, i) => {
      const y = 57 * u + i * 4.6 * u;
      const v = 0.95 - i * 0.13;
      s +=
        circle(20 * u, y - 0.4 * u, 1 * u, i < 3 ? pal.accent : '#c4ccd8') +
        text(20 * u, y, String(i + 1), { size: 0.95 * u, fill: '#fff', anchor: 'middle' });
      s += text(22.5 * u, y, it, { size: 1.05 * u, fill: INK2 });
      s += bar(32 * u, y - 1 * u, 18 * u, 1 * u, GREY.bar2) + bar(32 * u, y - 1 * u, 18 * u * v, 1 * u, pal.main);
      s += text(55 * u, y, String(Math.round(v * 1000)), { size: 1 * u, fill: GREY.text, anchor: 'end' });
    });
    s += card(doc, 59 * u, 50.5 * u, 39 * u, 36 * u, 0.7 * u) + cardTitle(59 * u, 50.5 * u, '最新动态');
    for (let i = 0; i < 6; i++) {
      const y = 57 * u + i * 4.6 * u;
      s += circle(62 * u, y - 0.4 * u, 0.6 * u, [pal.main, GREEN, pal.accent][i % 3] ?? pal.main);
      if (i < 5) s += rect(61.9 * u, y + 0.4 * u, 0.15 * u, 3.6 * u, GREY.line);
      s += text(64 * u, y, `${CLIENTS[i] ?? ''} ${['提交了需求', '确认了方案', '完成了付款'][i % 3]}`, {
        size: 1.05 * u,
        fill: INK2,
      });
      s += text(96 * u, y, `${rng.int(1, 59)}分钟前`, { size: 0.95 * u, fill: GREY.text, anchor: 'end' });
    }
  }
  return s;
}

function tableRows(
  x: number,
  y: number,
  w: number,
  u: number,
  pal: Pal,
  rng: Rng,
  rows: number,
  checks: boolean,
): string {
  const cols = checks
    ? ['', '客户', '服务项目', '金额 (元)', '进度', '状态', '操作']
    : ['订单号', '客户', '服务项目', '金额 (元)', '状态', '日期'];
  const xs = checks ? [2, 5, 18, 31, 42, 58, 69] : [2, 16, 30, 44, 56, 67];
  let s = rect(x, y, w, 3.4 * u, '#f7f9fc');
  cols.forEach((c, i) => {
    if (c) s += text(x + (xs[i] ?? 0) * u, y + 2.2 * u, c, { size: 1.05 * u, fill: GREY.text, weight: 600 });
  });
  if (checks)
    s += rect(x + 2 * u, y + 1.1 * u, 1.2 * u, 1.2 * u, '#fff', {
      stroke: '#c4ccd8',
      'stroke-width': 0.12 * u,
      rx: 0.2 * u,
    });
  for (let r = 0; r < rows; r++) {
    const ry = y + 3.4 * u + r * 3.8 * u;
    const ty = ry + 2.4 * u;
    const client = CLIENTS[(r + rng.int(0, 7)) % CLIENTS.length] ?? '';
    const item = ITEMS[r % ITEMS.length] ?? '';
    const amount = `${rng.int(3, 98)},${rng.int(100, 999)}.00`;
    if (checks) {
      s += rect(x + 2 * u, ry + 1.3 * u, 1.2 * u, 1.2 * u, r === 1 ? pal.main : '#fff', {
        stroke: r === 1 ? pal.main : '#c4ccd8',
        'stroke-width': 0.12 * u,
        rx: 0.2 * u,
      });
      s += circle(x + 6 * u, ty - 0.4 * u, 1 * u, [pal.main, pal.teal, pal.accent][r % 3] ?? pal.main);
      s += text(x + 7.6 * u, ty, client, { size: 1.05 * u, fill: pal.ink });
      s += text(x + 18 * u, ty, item, { size: 1.05 * u, fill: INK2 });
      s += text(x + 31 * u, ty, amount, { size: 1.05 * u, fill: pal.ink });
      const v = rng.range(0.2, 1);
      s +=
        bar(x + 42 * u, ty - 1 * u, 10 * u, 0.9 * u, GREY.bar2) +
        bar(x + 42 * u, ty - 1 * u, 10 * u * v, 0.9 * u, v > 0.99 ? GREEN : pal.main);
      s += text(x + 53.5 * u, ty, `${Math.round(v * 100)}%`, { size: 0.95 * u, fill: GREY.text });
      s += status(x + 58 * u, ty, u, r + rng.int(0, 2), pal);
      s +=
        text(x + 69 * u, ty, '编辑', { size: 1.05 * u, fill: pal.main }) +
        text(x + 73.5 * u, ty, '删除', { size: 1.05 * u, fill: RED });
    } else {
      s += text(x + 2 * u, ty, `YF${rng.int(20240101, 20241231)}${rng.int(10, 99)}`, { size: 1.05 * u, fill: pal.ink });
      s += text(x + 16 * u, ty, client, { size: 1.05 * u, fill: pal.ink });
      s += text(x + 30 * u, ty, item, { size: 1.05 * u, fill: INK2 });
      s += text(x + 44 * u, ty, amount, { size: 1.05 * u, fill: pal.ink });
      s += status(x + 56 * u, ty, u, r + rng.int(0, 2), pal);
      s += text(x + 67 * u, ty, date(rng), { size: 1.05 * u, fill: GREY.text });
    }
    s += rect(x + 1 * u, ry + 3.8 * u, w - 2 * u, 0.1 * u, GREY.line);
  }
  return s;
}

export const SCREENS: Record<1 | 2 | 3 | 4 | 5, ScreenFn> = {
  1: siteScreen,
  2: mobileSiteScreen,
  3: wechatScreen,
  4: miniScreen,
  5: dashScreen,
};
