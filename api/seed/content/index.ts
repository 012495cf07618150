import type { ImageFn } from '../images/spec.js';
import type { SeedContent } from '../types.js';
import { buildBlocks } from './blocks.js';
import { buildCases } from './cases.js';
import { buildKeywords } from './keywords.js';
import { buildMenus } from './menus.js';
import { buildNews, buildNewsCategories } from './news.js';

/** The demo content of 云帆科技's site; every image URL comes from `img`. */
export function buildSeedContent(img: ImageFn): SeedContent {
  const menus = buildMenus(img);
  return {
    keywords: buildKeywords(),
    menus,
    newsCategories: buildNewsCategories(),
    cases: buildCases(img),
    news: buildNews(img),
    blocks: buildBlocks(img, menus),
  };
}
