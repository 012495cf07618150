import type { MenuLink } from './menus.js';

export interface ImageRef {
  url: string;
  alt: string;
}

/**
 * Banner entry (docs/behaviour.md#content-model): `id` and `pic`, plus the added `title` (alt text) and `link`
 * (optional target, '' for none).
 */
export interface BannerItem {
  id: number;
  pic: string;
  title: string;
  link: string;
}

/** `GET /api/header`. */
export interface HeaderData {
  logo: ImageRef;
  banner: BannerItem[];
  programas: MenuLink[];
}

export interface FooterAbout {
  id: number;
  name: string;
  /** Menu the link goes to (footer variant of the menu routes: id 1 is not handled). */
  column_id: number;
}

export interface FooterContact {
  id: number;
  img: string;
  content: string;
}

export interface NamedLink {
  id: number;
  name: string;
  site: string;
}

export interface FooterWechat {
  img: string;
  p1: string;
  p2: string;
}

export interface FilingMark {
  img: string;
  content: string;
}

export interface FooterInformation {
  /** Copyright line. */
  Copyright: string;
  /** ICP filing number and the address it links to. */
  link: { name: string; site: string };
  mark: {
    /** The two filing marks (image and text). */
    imgs: [FilingMark, FilingMark];
    /** Text shown beside the marks. */
    mak: string;
  };
}

/** `GET /api/footer`. `qq` holds the chat links. */
export interface FooterData {
  abouts: FooterAbout[];
  contact: FooterContact[];
  link: NamedLink[];
  wechat: FooterWechat;
  information: FooterInformation;
  qq: NamedLink[];
}

/**
 * Service card of the home page (docs/behaviour.md#content-model): name, English scene line, one-line nature and three
 * bullet lines.
 */
export interface ServiceCard {
  id: number;
  img: string;
  name: string;
  scene: string;
  nature: string;
  intro: string[];
}

export interface ClientLogo {
  id: number;
  img: string;
  /** Client name, used as the logo's alt text. */
  name: string;
}

export interface SuccessCase {
  id: number;
  img: string;
  name: string;
  scene: string;
}

export interface NewsBrief {
  id: number;
  title: string;
  intro: string;
  create_time: string;
  /** `yyyy-MM` of `create_time`. */
  month: string;
  /** `dd` of `create_time`. */
  day: string;
}

export interface NewsColumn {
  title: string;
  /** Where the column's "more" link goes. */
  site: string;
  content: NewsBrief[];
}

export interface HomeSection<T> {
  title: string;
  intro: string;
  background: string;
  content: T;
}

/**
 * `GET /api/index` (docs/behaviour.md#public-calls): `success` and `dynamic`, plus the added `service` cards and
 * `client` logos.
 */
export interface IndexData {
  success: HomeSection<SuccessCase[]>;
  dynamic: HomeSection<{ viewpoint: NewsColumn; extend: NewsColumn }>;
  service: ServiceCard[];
  client: ClientLogo[];
}

export interface HonourItem {
  img: string;
  title: string;
}

export interface CultureItem {
  title: string;
  intro: string;
  img: string;
}

/** `GET /api/about` (added): the about page's sections. */
export interface AboutData {
  profile: { title: string; subtitle: string; paragraphs: string[]; img: string };
  culture: { title: string; intro: string; items: CultureItem[] };
  process: { title: string; intro: string };
  honours: { title: string; intro: string; items: HonourItem[] };
}

/** `GET /api/contact` (added): the company's contact block and map position. */
export interface ContactData {
  company: string;
  intro: string;
  address: string;
  phones: string[];
  email: string;
  qq: string;
  wechat: { img: string; name: string };
  map: { lng: number; lat: number; zoom: number };
  workTime: string;
}

/** The header block as the back office reads and saves it (`getheader`/`amendheader`): `programas` come from the menus. */
export interface HeaderBlock {
  logo: ImageRef;
  banner: BannerItem[];
}

export interface NewsColumnBlock {
  title: string;
  site: string;
  /** News category whose newest articles fill the column. */
  category: number;
}

/** The home block as the back office edits it (`gethome`/`amendhome`): success cases and news come from their tables. */
export interface HomeBlock {
  success: { title: string; intro: string; background: string };
  dynamic: { title: string; intro: string; background: string; viewpoint: NewsColumnBlock; extend: NewsColumnBlock };
  service: ServiceCard[];
  client: ClientLogo[];
}

/** The site's editable blocks as the back office saves them, one row each (docs/behaviour.md#site-blocks). */
export interface SiteBlocks {
  header: HeaderBlock;
  footer: FooterData;
  home: HomeBlock;
  about: AboutData;
  contact: ContactData;
}

export type SiteBlockKey = keyof SiteBlocks;
