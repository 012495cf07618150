import { palette, PALETTES } from './palettes.js';
import { qrMatrix } from './qr.js';
import { renderSeedImage, SEED_IMAGE_SIZES } from './render.js';
import { type IconGlyph, type SeedImageSpec } from './spec.js';
import { fitBlock, fitLine, fitPhrases, textWidth } from './svg.js';
import { buildHeader } from '../content/layout.js';
import { createImageRegistry } from './registry.js';

// ---------------------------------------------------------------------------------------------------------------
// A strict little XML reader (no dependencies): throws on anything that is not well-formed.

interface XNode {
  name: string;
  attrs: Record<string, string>;
  children: XNode[];
  text: string;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string, where: string): string {
  if (/[<]/.test(s)) throw new Error(`raw "<" in ${where}`);
  return s.replace(/&([^;\s]*);?/g, (m, name: string) => {
    if (!m.endsWith(';')) throw new Error(`bare "&" in ${where}`);
    if (ENTITY[name] !== undefined) return ENTITY[name];
    const num = /^#(?:x([0-9a-f]+)|(\d+))$/i.exec(name);
    if (num) return String.fromCodePoint(num[1] ? parseInt(num[1], 16) : Number(num[2]));
    throw new Error(`unknown entity &${name}; in ${where}`);
  });
}

function parseXml(xml: string): XNode {
  const stack: XNode[] = [];
  let root: XNode | undefined;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const chunk = lt === -1 ? xml.slice(i) : xml.slice(i, lt);
    if (chunk) {
      const top = stack[stack.length - 1];
      if (!top) {
        if (chunk.trim()) throw new Error('text outside the root element');
      } else {
        top.text += decode(chunk, `<${top.name}> text`);
      }
    }
    if (lt === -1) break;
    // Find the end of the tag, honouring quoted attribute values.
    let j = lt + 1;
    let quote = '';
    for (; j < xml.length; j++) {
      const c = xml[j];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
    }
    if (j >= xml.length) throw new Error('unterminated tag');
    const tag = xml.slice(lt, j + 1);
    i = j + 1;
    if (tag.startsWith('<!') || tag.startsWith('<?')) throw new Error(`unexpected markup ${tag.slice(0, 20)}`);
    if (tag.startsWith('</')) {
      const name = /^<\/([A-Za-z][\w:.-]*)\s*>$/.exec(tag)?.[1];
      const open = stack.pop();
      if (!name || !open || open.name !== name) throw new Error(`mismatched ${tag} (open: ${open?.name})`);
      continue;
    }
    const m = /^<([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*\s*=\s*"[^"]*")*)\s*(\/?)>$/.exec(tag);
    if (!m) throw new Error(`malformed tag ${tag.slice(0, 80)}`);
    const node: XNode = { name: m[1]!, attrs: {}, children: [], text: '' };
    for (const a of (m[2] ?? '').matchAll(/([A-Za-z_:][\w:.-]*)\s*=\s*"([^"]*)"/g)) {
      const key = a[1]!;
      if (key in node.attrs) throw new Error(`duplicate attribute ${key} on <${node.name}>`);
      node.attrs[key] = decode(a[2]!, `${node.name}@${key}`);
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else if (root) throw new Error('more than one root element');
    else root = node;
    if (!m[3]) stack.push(node);
  }
  if (stack.length) throw new Error(`unclosed <${stack[stack.length - 1]!.name}>`);
  if (!root) throw new Error('no root element');
  return root;
}

function walk(node: XNode, visit: (n: XNode) => void): void {
  visit(node);
  node.children.forEach((c) => walk(c, visit));
}

function allText(node: XNode): string {
  return node.text + node.children.map(allText).join('');
}

interface PlacedText {
  text: string;
  left: number;
  right: number;
  y: number;
  size: number;
}

/** Width estimate independent of the renderer's: CJK 1em, spaces 0.3em, everything else 0.55em. */
function estimate(s: string, size: number, ls: number): number {
  let em = 0;
  for (const ch of s) em += (ch.codePointAt(0) ?? 0) >= 0x1100 ? 1 : ch === ' ' ? 0.3 : 0.55;
  return em * size + ls * Array.from(s).length;
}

/** Text elements in document coordinates, skipping those inside clipped or non-translated groups (mock-ups). */
function placedTexts(root: XNode): PlacedText[] {
  const out: PlacedText[] = [];
  const visit = (n: XNode, dx: number, dy: number): void => {
    if (n.name === 'defs' || n.name === 'title') return;
    let x0 = dx;
    let y0 = dy;
    if (n.name === 'g') {
      if (n.attrs['clip-path']) return;
      const t = n.attrs.transform;
      if (t) {
        const m = /^translate\(([-\d.]+)[ ,]+([-\d.]+)\)$/.exec(t);
        if (!m) return;
        x0 += Number(m[1]);
        y0 += Number(m[2]);
      }
    }
    if (n.name === 'text' && n.attrs.x !== undefined) {
      const size = Number(n.attrs['font-size']);
      const s = allText(n);
      const w = estimate(s, size, Number(n.attrs['letter-spacing'] ?? 0));
      const x = Number(n.attrs.x) + x0;
      const anchor = n.attrs['text-anchor'] ?? 'start';
      const left = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
      out.push({ text: s, left, right: left + w, y: Number(n.attrs.y) + y0, size });
      return;
    }
    n.children.forEach((c) => visit(c, x0, y0));
  };
  visit(root, 0, 0);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

const GLYPHS: IconGlyph[] = [
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

const DOCUMENTED: Record<SeedImageSpec['kind'], [number, number]> = {
  logo: [360, 96],
  banner: [1920, 600],
  'page-banner': [1920, 400],
  'section-bg': [1920, 900],
  'case-cover': [800, 600],
  'case-shot': [1200, 750],
  qr: [300, 300],
  'client-logo': [240, 120],
  icon: [128, 128],
  'news-cover': [800, 500],
  honour: [600, 420],
  culture: [600, 400],
  profile: [800, 520],
  'filing-mark': [40, 40],
};

const classes = [1, 2, 3, 4, 5] as const;

const SAMPLES: SeedImageSpec[] = [
  { kind: 'logo', name: '云帆科技', slogan: '专注网站建设 · 微信营销 · 品牌设计' },
  { kind: 'banner', title: '专业网站建设 助力企业腾飞', subtitle: '十二年行业经验，服务3000+企业', palette: 0 },
  { kind: 'banner', title: '微信营销一站式解决方案', subtitle: '公众号 · 小程序 · 社群运营', palette: 1 },
  { kind: 'banner', title: '品牌设计', subtitle: 'VI · LOGO · 包装', palette: 2 },
  { kind: 'page-banner', title: '网站建设', subtitle: '高端定制网站，响应式布局', palette: 3 },
  { kind: 'section-bg', palette: 0, pattern: 'dots' },
  { kind: 'section-bg', palette: 1, pattern: 'waves' },
  { kind: 'section-bg', palette: 2, pattern: 'grid' },
  ...classes.map((c): SeedImageSpec => ({
    kind: 'case-cover',
    name: `案例${c}`,
    scene: '企业官网',
    classId: c,
    palette: c,
  })),
  ...classes.flatMap((c) =>
    [1, 2, 3].map((index): SeedImageSpec => ({ kind: 'case-shot', name: `案例${c}`, classId: c, index, palette: c })),
  ),
  { kind: 'qr', payload: 'https://www.example.com/' },
  { kind: 'client-logo', name: '华信科技', palette: 4 },
  { kind: 'client-logo', name: '深圳市恒通建材国际贸易有限公司', palette: 5 },
  ...GLYPHS.map((glyph, i): SeedImageSpec => ({ kind: 'icon', glyph, palette: i })),
  { kind: 'news-cover', title: '云帆科技荣获年度优秀服务商称号', category: '公司新闻', palette: 6 },
  { kind: 'honour', title: '2023年度优秀网络服务商', variant: 'certificate' },
  { kind: 'honour', title: '营业执照', variant: 'licence' },
  { kind: 'honour', title: '计算机软件著作权登记证书', variant: 'software' },
  { kind: 'culture', title: '企业文化墙', motif: 'mural' },
  { kind: 'culture', title: '诚信共赢', motif: 'seal' },
  { kind: 'culture', title: '探索无限可能', motif: 'space' },
  { kind: 'profile', title: '云帆科技' },
  { kind: 'filing-mark', variant: 'police' },
  { kind: 'filing-mark', variant: 'icp' },
];

const label = (s: SeedImageSpec): string => JSON.stringify(s).slice(0, 90);

const EVIL = `<script>alert("x")</script> & 'quotes' > "double" </text><foreignObject>`;
const LONG_CJK =
  '云帆科技为企业提供专业的网站建设微信营销小程序开发品牌设计与数字化整体解决方案服务欢迎来电咨询洽谈合作';
const LONG_ASCII = 'Yunfan Technology Digital Marketing And Website Construction Solutions For Every Enterprise';

/** Every kind that carries text, with the given string in each text field. */
function withText(t: string): SeedImageSpec[] {
  return [
    { kind: 'logo', name: t, slogan: t },
    { kind: 'banner', title: t, subtitle: t, palette: 0 },
    { kind: 'page-banner', title: t, subtitle: t, palette: 1 },
    ...classes.map((c): SeedImageSpec => ({ kind: 'case-cover', name: t, scene: t, classId: c, palette: 2 })),
    ...classes.map((c): SeedImageSpec => ({ kind: 'case-shot', name: t, classId: c, index: 2, palette: 3 })),
    { kind: 'qr', payload: t },
    { kind: 'client-logo', name: t, palette: 4 },
    { kind: 'news-cover', title: t, category: t, palette: 5 },
    { kind: 'honour', title: t, variant: 'certificate' },
    { kind: 'honour', title: t, variant: 'licence' },
    { kind: 'honour', title: t, variant: 'software' },
    { kind: 'culture', title: t, motif: 'mural' },
    { kind: 'culture', title: t, motif: 'seal' },
    { kind: 'culture', title: t, motif: 'space' },
    { kind: 'profile', title: t },
  ];
}

describe('renderSeedImage', () => {
  it('documents the sizes of spec.ts', () => {
    expect(SEED_IMAGE_SIZES).toEqual(DOCUMENTED);
  });

  it.each(SAMPLES.map((s) => [label(s), s] as const))(
    'draws a well-formed SVG of the documented size: %s',
    (_, spec) => {
      const svg = renderSeedImage(spec);
      const root = parseXml(svg);
      const [w, h] = DOCUMENTED[spec.kind];
      expect(svg.startsWith('<svg ')).toBe(true);
      expect(root.name).toBe('svg');
      expect(root.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
      expect(root.attrs.width).toBe(String(w));
      expect(root.attrs.height).toBe(String(h));
      expect(root.attrs.viewBox).toBe(`0 0 ${w} ${h}`);
      expect(root.attrs['font-family']).toContain("'PingFang SC','Microsoft YaHei'");
    },
  );

  it('is deterministic and independent of key order', () => {
    for (const spec of SAMPLES) expect(renderSeedImage(spec)).toBe(renderSeedImage({ ...spec }));
    const a = renderSeedImage({ kind: 'case-cover', name: '甲', scene: '乙', classId: 2, palette: 1 });
    const b = renderSeedImage({ palette: 1, classId: 2, scene: '乙', name: '甲', kind: 'case-cover' });
    expect(a).toBe(b);
  });

  it('varies with the spec', () => {
    const a = renderSeedImage({ kind: 'case-shot', name: '甲', classId: 1, index: 1, palette: 0 });
    const b = renderSeedImage({ kind: 'case-shot', name: '甲', classId: 1, index: 2, palette: 0 });
    const c = renderSeedImage({ kind: 'case-shot', name: '甲', classId: 1, index: 1, palette: 1 });
    expect(new Set([a, b, c]).size).toBe(3);
    const icons = GLYPHS.map((glyph) => renderSeedImage({ kind: 'icon', glyph, palette: 0 }));
    expect(new Set(icons).size).toBe(GLYPHS.length);
  });

  it('contains nothing active or external', () => {
    for (const spec of [...SAMPLES, ...withText(EVIL)]) {
      const svg = renderSeedImage(spec);
      const root = parseXml(svg);
      expect(svg).not.toMatch(/<script|<foreignObject|javascript:|data:|<!ENTITY|<!DOCTYPE|<image|<iframe/i);
      const ids = new Set<string>();
      const refs: string[] = [];
      walk(root, (n) => {
        expect(['script', 'foreignObject', 'image', 'use', 'a', 'style', 'iframe']).not.toContain(n.name);
        for (const [k, v] of Object.entries(n.attrs)) {
          expect(k).not.toMatch(/^on/i);
          if (k === 'id') {
            expect(ids.has(v)).toBe(false);
            ids.add(v);
          }
          if (k === 'href' || k === 'xlink:href') {
            expect(v).toMatch(/^#[\w-]+$/);
            refs.push(v.slice(1));
          }
          for (const u of v.matchAll(/url\(([^)]*)\)/g)) {
            expect(u[1]).toMatch(/^#[\w-]+$/);
            refs.push(u[1]!.slice(1));
          }
        }
      });
      for (const r of refs) expect(ids.has(r)).toBe(true);
    }
  });

  it('escapes text taken from the spec', () => {
    for (const spec of withText(EVIL)) {
      const svg = renderSeedImage(spec);
      expect(() => parseXml(svg)).not.toThrow();
      expect(svg).not.toContain('<script');
      expect(svg).not.toContain('</text><foreignObject>');
    }
    const svg = renderSeedImage({ kind: 'page-banner', title: EVIL, subtitle: '', palette: 0 });
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)');
    expect(svg).toContain('&amp; &apos;quotes&apos;');
    const texts = placedTexts(parseXml(svg)).map((t) => t.text);
    expect(texts.some((t) => t.startsWith('<script>alert("x")'))).toBe(true);
  });

  it('drops characters XML cannot carry', () => {
    const svg = renderSeedImage({ kind: 'banner', title: 'A\u0000B\u0007C\uD800D', subtitle: '\uFFFF', palette: 0 });
    expect(() => parseXml(svg)).not.toThrow();
    expect(svg).toContain('ABCD');
  });

  it.each([
    ['CJK', LONG_CJK],
    ['ASCII', LONG_ASCII],
    ['mixed', `${LONG_CJK} ${LONG_ASCII}`],
  ])('keeps long %s text inside the image', (_, t) => {
    for (const spec of withText(t)) {
      const svg = renderSeedImage(spec);
      const [w, h] = DOCUMENTED[spec.kind];
      const placed = placedTexts(parseXml(svg));
      for (const p of placed) {
        const where = `${spec.kind}: "${p.text}" [${p.left.toFixed(1)}, ${p.right.toFixed(1)}]`;
        expect({ where, ok: p.left >= -0.5 && p.right <= w + 0.5 }).toEqual({ where, ok: true });
        expect(p.y).toBeGreaterThan(0);
        expect(p.y).toBeLessThanOrEqual(h);
      }
      // The text was actually shortened or shrunk: no drawn line carries the whole string at full size.
      const full = placed.filter((p) => p.text === t);
      for (const p of full) expect(p.right - p.left).toBeLessThanOrEqual(w);
    }
  });

  it('shrinks or ellipsizes long titles', () => {
    const short = placedTexts(
      parseXml(renderSeedImage({ kind: 'page-banner', title: '关于我们', subtitle: '', palette: 0 })),
    );
    const long = placedTexts(
      parseXml(renderSeedImage({ kind: 'page-banner', title: LONG_CJK, subtitle: '', palette: 0 })),
    );
    const shortTitle = short.find((p) => p.text === '关于我们')!;
    const longTitle = long.find((p) => p.text.startsWith('云帆科技为'))!;
    expect(longTitle.size).toBeLessThan(shortTitle.size);
    expect(longTitle.text.endsWith('…')).toBe(true);

    const news = placedTexts(
      parseXml(renderSeedImage({ kind: 'news-cover', title: LONG_CJK, category: '新闻', palette: 0 })),
    );
    const lines = news.filter(
      (p) => LONG_CJK.startsWith(p.text.replace(/…$/, '')) || LONG_CJK.includes(p.text.replace(/…$/, '')),
    );
    expect(lines.length).toBeLessThanOrEqual(2);
    expect(lines.some((p) => p.text.endsWith('…'))).toBe(true);
  });

  it('keeps the banner content inside the centre 1200 px', () => {
    for (const title of ['专业网站建设 助力企业腾飞', LONG_CJK, LONG_ASCII]) {
      const placed = placedTexts(parseXml(renderSeedImage({ kind: 'banner', title, subtitle: LONG_CJK, palette: 0 })));
      expect(placed.length).toBeGreaterThan(3);
      for (const p of placed) {
        expect(p.left).toBeGreaterThanOrEqual(355);
        expect(p.right).toBeLessThanOrEqual(1565);
      }
    }
  });

  it("draws the seeded banners' text to be read on a phone, which shows the centre 1200 px at 370 px", () => {
    const { img, images } = createImageRegistry();
    const header = buildHeader(img);
    const phoneScale = 370 / 1200;
    for (const slide of header.banner) {
      const spec = images.get(slide.pic.replace(/^.*\/|\.svg$/g, ''))!;
      expect(spec.kind).toBe('banner');
      const subtitle = spec.kind === 'banner' ? spec.subtitle : '';
      const placed = placedTexts(parseXml(renderSeedImage(spec)));
      // The subtitle's lines: whole phrases between its separators.
      const lines = placed.filter((p) => p.text.length > 1 && subtitle.includes(p.text));
      expect(lines.map((p) => p.text).join(' · ')).toBe(subtitle);
      for (const line of lines) {
        expect(line.size * phoneScale).toBeGreaterThanOrEqual(11);
        expect(line.left).toBeGreaterThanOrEqual(400);
        expect(line.right).toBeLessThanOrEqual(960);
      }
    }
  });

  it('stays small', () => {
    for (const spec of [...SAMPLES, ...withText(LONG_CJK)]) {
      const bytes = Buffer.byteLength(renderSeedImage(spec));
      const limit = ['banner', 'case-shot', 'case-cover'].includes(spec.kind) ? 40_000 : 20_000;
      expect({ kind: spec.kind, small: bytes < limit }).toEqual({ kind: spec.kind, small: true });
    }
  });

  it('rejects an unknown kind', () => {
    expect(() => renderSeedImage({ kind: 'nope' } as unknown as SeedImageSpec)).toThrow(/Unknown seed image kind/);
  });

  it('accepts any palette index', () => {
    expect(palette(PALETTES.length)).toBe(palette(0));
    expect(palette(-1)).toBe(palette(PALETTES.length - 1));
    expect(palette(Number.NaN)).toBe(palette(0));
    for (const p of [-7, 1e9, 2.5, Number.NaN]) {
      expect(() => parseXml(renderSeedImage({ kind: 'banner', title: 't', subtitle: 's', palette: p }))).not.toThrow();
    }
    expect(PALETTES.length).toBeGreaterThanOrEqual(6);
  });
});

describe('QR code', () => {
  const finder = (m: boolean[][], r0: number, c0: number): boolean =>
    [0, 1, 2, 3, 4, 5, 6].every((r) =>
      [0, 1, 2, 3, 4, 5, 6].every((c) => {
        const ring = r === 0 || r === 6 || c === 0 || c === 6;
        const core = r >= 2 && r <= 4 && c >= 2 && c <= 4;
        return m[r0 + r]![c0 + c] === (ring || core);
      }),
    );

  it('has three finder patterns, separators and timing lines', () => {
    const m = qrMatrix('https://www.example.com/');
    const size = m.length;
    expect(size).toBe(29);
    expect(finder(m, 0, 0) && finder(m, 0, size - 7) && finder(m, size - 7, 0)).toBe(true);
    for (let i = 0; i < 8; i++) {
      expect(m[7]![i]).toBe(false);
      expect(m[i]![7]).toBe(false);
    }
    for (let i = 8; i < size - 8; i++) {
      expect(m[6]![i]).toBe(i % 2 === 0);
      expect(m[i]![6]).toBe(i % 2 === 0);
    }
  });

  it('derives dense modules from the payload', () => {
    const a = qrMatrix('https://a.example.com/');
    const b = qrMatrix('https://b.example.com/');
    expect(qrMatrix('https://a.example.com/')).toEqual(a);
    const diff = a.flat().filter((v, i) => v !== b.flat()[i]).length;
    expect(diff).toBeGreaterThan(100);
    const dark = a.flat().filter(Boolean).length / a.flat().length;
    expect(dark).toBeGreaterThan(0.35);
    expect(dark).toBeLessThan(0.65);
    const modules = (svg: string): string => /<path d="([^"]+)" fill="#111"/.exec(svg)?.[1] ?? '';
    const svgA = renderSeedImage({ kind: 'qr', payload: 'https://a.example.com/' });
    const svgB = renderSeedImage({ kind: 'qr', payload: 'https://b.example.com/' });
    expect(modules(svgA)).not.toBe('');
    expect(modules(svgA)).not.toBe(modules(svgB));
    // A white background fills the quiet zone.
    expect(svgA).toMatch(/<rect x="0" y="0" width="300" height="300" fill="#fff"\/>/);
  });
});

describe('text fitting', () => {
  it('fits one line by shrinking, then ellipsizing', () => {
    expect(fitLine('网站建设', 200, 40, 20)).toEqual({ text: '网站建设', size: 40 });
    const shrunk = fitLine('网站建设网站建设', 200, 40, 20);
    expect(shrunk.text).toBe('网站建设网站建设');
    expect(shrunk.size).toBeLessThanOrEqual(25);
    const cut = fitLine(LONG_CJK, 200, 40, 20);
    expect(cut.size).toBe(20);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(textWidth(cut.text, cut.size)).toBeLessThanOrEqual(200);
  });

  it('wraps into at most the allowed lines', () => {
    const b = fitBlock(`${LONG_CJK}，${LONG_ASCII}`, 300, 30, 20, 2);
    expect(b.lines).toHaveLength(2);
    for (const l of b.lines) expect(textWidth(l, b.size)).toBeLessThanOrEqual(300);
    expect(b.lines[1]!.endsWith('…')).toBe(true);
    const words = fitBlock('Hello wonderful world of websites', 200, 20, 20, 3);
    expect(words.lines.every((l) => !l.startsWith(' ') && !l.endsWith(' '))).toBe(true);
    expect(words.lines.join(' ')).toBe('Hello wonderful world of websites');
  });

  it('breaks a list of phrases between phrases only, balanced', () => {
    const b = fitPhrases('品牌官网 · 营销型网站 · 电商商城 · 响应式网站', 540, 36, 28, 2);
    expect(b).toEqual({ lines: ['品牌官网 · 营销型网站', '电商商城 · 响应式网站'], size: 36 });
    expect(fitPhrases('VI · LOGO · 包装', 540, 36, 28, 2).lines).toEqual(['VI · LOGO · 包装']);
    // Without separators, or with a phrase too long for a line, it wraps like fitBlock.
    expect(fitPhrases('十二年行业经验，服务3000+企业', 540, 36, 28, 2)).toEqual(
      fitBlock('十二年行业经验，服务3000+企业', 540, 36, 28, 2),
    );
    expect(fitPhrases(`${LONG_CJK} · 包装`, 300, 30, 20, 2)).toEqual(fitBlock(`${LONG_CJK} · 包装`, 300, 30, 20, 2));
  });

  it('keeps closing punctuation off the start of a line', () => {
    const b = fitBlock('一二三四五，六七八九十。', 5 * 20, 20, 20, 3);
    for (const l of b.lines) expect('，。').not.toContain(l.charAt(0));
  });
});
