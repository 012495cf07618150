import type { CaseClassId, CaseTop, KeywordName } from '@site/shared-types';
import type { MenuGrade } from '@site/shared-types';

export type {
  HeaderBlock,
  HomeBlock,
  NewsColumnBlock,
  SiteBlockKey,
  SiteBlocks,
} from '../../modules/site/site-blocks.js';
import type { SiteBlocks } from '../../modules/site/site-blocks.js';

export interface SeedMenu {
  id: number;
  name: string;
  grade: MenuGrade;
  parent_id: number | null;
  intro: string;
  img: string;
  background: string;
  pc: boolean;
  pcsite: number;
  move: boolean;
  movesite: number;
}

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
