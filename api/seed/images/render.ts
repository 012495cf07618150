/**
 * The seed image generator: every seed image is an SVG drawn here from its `SeedImageSpec`.
 * Pure and deterministic — the same spec always yields the same bytes (variation comes from a PRNG seeded with a
 * hash of the spec) — and safe to serve: no scripts, no event attributes, no external references, escaped text.
 */
import { culture, honour } from './certs.js';
import { caseCover, caseShot } from './devices.js';
import { clientLogo, filingMark, icon, logo, qr } from './marks.js';
import { palette } from './palettes.js';
import { banner, newsCover, pageBanner, profile, sectionBg } from './scenes.js';
import { type SeedImageSpec } from './spec.js';
import { canonical, clean, Doc, hash } from './svg.js';

/** Intrinsic size of each kind (as documented in `spec.ts`). */
export const SEED_IMAGE_SIZES: Readonly<Record<SeedImageSpec['kind'], readonly [number, number]>> = {
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

const CLASS_LABEL = { 1: '网站', 2: '手机网站', 3: '公众号', 4: '小程序', 5: '管理系统' } as const;

function classOf(v: number): 1 | 2 | 3 | 4 | 5 {
  return v === 1 || v === 2 || v === 3 || v === 4 || v === 5 ? v : 1;
}

/** Renders a seed image as a complete standalone SVG document. */
export function renderSeedImage(spec: SeedImageSpec): string {
  const size = SEED_IMAGE_SIZES[spec.kind] as readonly [number, number] | undefined;
  if (!size) throw new Error(`Unknown seed image kind: ${String((spec as { kind?: unknown }).kind)}`);
  const [w, h] = size;
  const doc = new Doc(w, h, canonical(spec));
  switch (spec.kind) {
    case 'logo':
      return doc.finish(logo(doc, spec.name, spec.slogan), `${clean(spec.name)} ${clean(spec.slogan)}`.trim());
    case 'banner':
      return doc.finish(
        banner(
          doc,
          palette(spec.palette),
          spec.title,
          spec.subtitle,
          Number.isFinite(spec.palette) ? Math.trunc(spec.palette) : 0,
        ),
        spec.title,
      );
    case 'page-banner':
      return doc.finish(pageBanner(doc, palette(spec.palette), spec.title, spec.subtitle), spec.title);
    case 'section-bg':
      return doc.finish(sectionBg(doc, palette(spec.palette), spec.pattern));
    case 'case-cover': {
      const c = classOf(spec.classId);
      return doc.finish(
        caseCover(doc, palette(spec.palette), spec.name, spec.scene, c),
        `${clean(spec.name)}（${CLASS_LABEL[c]}）`,
      );
    }
    case 'case-shot': {
      const c = classOf(spec.classId);
      return doc.finish(
        caseShot(doc, palette(spec.palette), spec.name, c, spec.index),
        `${clean(spec.name)}（${CLASS_LABEL[c]}）`,
      );
    }
    case 'qr':
      return doc.finish(qr(doc, spec.payload), '二维码');
    case 'client-logo':
      return doc.finish(clientLogo(doc, palette(spec.palette), spec.name), spec.name);
    case 'icon':
      return doc.finish(icon(doc, palette(spec.palette), spec.glyph));
    case 'news-cover':
      return doc.finish(
        newsCover(
          doc,
          palette(spec.palette),
          spec.title,
          spec.category,
          hash(clean(spec.category) + clean(spec.title)),
        ),
        spec.title,
      );
    case 'honour':
      return doc.finish(honour(doc, spec.title, spec.variant), spec.title);
    case 'culture':
      return doc.finish(culture(doc, spec.title, spec.motif), spec.title);
    case 'profile':
      return doc.finish(profile(doc, spec.title), spec.title);
    case 'filing-mark':
      return doc.finish(filingMark(doc, spec.variant), spec.variant === 'police' ? '公安备案' : 'ICP备案');
  }
  throw new Error('Unhandled seed image kind');
}
