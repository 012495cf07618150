/**
 * What the seed asks the image generator to draw. Every seed image is an SVG drawn by the project itself
 * (no stock files in the repository); sizes are the intrinsic `width`/`height` of the drawing.
 */

/** Index into the generator's colour palettes (any integer; it wraps). */
export type Palette = number;

export type IconGlyph =
  | 'web'
  | 'mobile'
  | 'mall'
  | 'responsive'
  | 'wechat'
  | 'weibo'
  | 'video'
  | 'miniapp'
  | 'app'
  | 'system'
  | 'cloud'
  | 'brand'
  | 'vi'
  | 'package'
  | 'marketing'
  | 'seo'
  | 'phone'
  | 'mail'
  | 'address'
  | 'qq'
  | 'clock';

export type SeedImageSpec =
  /** 360x96 company logo: an emblem and the company name with its slogan. */
  | { kind: 'logo'; name: string; slogan: string }
  /** 1920x600 home banner with headline and sub-headline, decorative illustration on the right. */
  | { kind: 'banner'; title: string; subtitle: string; palette: Palette }
  /** 1920x400 page banner (service category, news, about, customer cases). */
  | { kind: 'page-banner'; title: string; subtitle: string; palette: Palette }
  /** 1920x900 quiet section background (home success-cases / news sections). */
  | { kind: 'section-bg'; palette: Palette; pattern: 'dots' | 'waves' | 'grid' }
  /** 800x600 case cover: a mock-up of the product (browser, phone, WeChat article, mini program, dashboard by class 1-5). */
  | { kind: 'case-cover'; name: string; scene: string; classId: 1 | 2 | 3 | 4 | 5; palette: Palette }
  /** 1200x750 case screenshot for the detail page's banner list (index 1..n varies the layout). */
  | { kind: 'case-shot'; name: string; classId: 1 | 2 | 3 | 4 | 5; index: number; palette: Palette }
  /** 300x300 QR-code-like square (finder patterns, modules derived from the payload). */
  | { kind: 'qr'; payload: string }
  /** 240x120 client logo: emblem plus the client's name on white. */
  | { kind: 'client-logo'; name: string; palette: Palette }
  /** 128x128 rounded service/feature icon. */
  | { kind: 'icon'; glyph: IconGlyph; palette: Palette }
  /** 800x500 news cover with the category tag and a short headline. */
  | { kind: 'news-cover'; title: string; category: string; palette: Palette }
  /** 600x420 honour: certificate, business licence or software copyright certificate. */
  | { kind: 'honour'; title: string; variant: 'certificate' | 'licence' | 'software' }
  /** 600x400 brand-culture illustration. */
  | { kind: 'culture'; title: string; motif: 'mural' | 'seal' | 'space' }
  /** 800x520 company profile illustration (office/team scene). */
  | { kind: 'profile'; title: string }
  /** 40x40 filing badge: public-security (police) mark or ICP mark. */
  | { kind: 'filing-mark'; variant: 'police' | 'icp' };

/** Registers an image under a file stem (`[a-z0-9-]+`) and returns its public URL. */
export type ImageFn = (file: string, spec: SeedImageSpec) => string;

export const SEED_IMAGE_PREFIX = '/uploads/seed/v1/';
