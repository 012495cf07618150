import type { CaseFormInput, KeywordName, MenuNode, NewsFormInput, SiteBlocks } from '@site/shared-types';

export type { HeaderBlock, HomeBlock, SiteBlockKey, SiteBlocks } from '@site/shared-types';

/** A menu row as seeded: the back-office shape without the tree-only fields. */
export type SeedMenu = Omit<MenuNode, 'children' | 'sebshow'>;

/** A case as seeded: its edit form without the id, with a date (the SEO fields are left empty). */
export type SeedCase = Omit<CaseFormInput, 'id' | 'create_time'> & { create_time: string };

export interface SeedNewsCategory {
  id: number;
  name: string;
}

/** An article as seeded: its edit form without the id, with a date (the SEO fields are left empty). */
export type SeedNews = Omit<NewsFormInput, 'id' | 'create_time'> & { create_time: string };

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
