import type { CaseClassId, CaseTop, KeywordName, MenuNode } from '@site/shared-types';

export type {
  HeaderBlock,
  HomeBlock,
  NewsColumnBlock,
  SiteBlockKey,
  SiteBlocks,
} from '../../modules/site/site-blocks.js';
import type { SiteBlocks } from '../../modules/site/site-blocks.js';

/** A menu row as seeded: the back-office shape without the tree-only fields. */
export type SeedMenu = Omit<MenuNode, 'children' | 'sebshow'>;

export interface SeedCase {
  name: string;
  intro: string;
  scene: string;
  site: string;
  img: string;
  code_img: string;
  banner: { url: string }[];
  top: CaseTop;
  dict_id: number;
  class_id: CaseClassId;
  /** HTML body (p, h3, ul/li, strong, img). */
  content: string;
  /** `yyyy-MM-dd`. */
  create_time: string;
}

export interface SeedNewsCategory {
  id: number;
  name: string;
}

export interface SeedNews {
  title: string;
  intro: string;
  img: string;
  /** HTML body. */
  content: string;
  create_time: string;
  dynamic_id: number;
}

export interface SeedKeyword {
  keywords: KeywordName;
  content: string;
}

export interface SeedContent {
  keywords: SeedKeyword[];
  menus: SeedMenu[];
  newsCategories: SeedNewsCategory[];
  cases: SeedCase[];
  news: SeedNews[];
  blocks: SiteBlocks;
}
