import { CaseClassEntity } from '../modules/cases/case-class.entity.js';
import { CaseEntity } from '../modules/cases/case.entity.js';
import { KeywordEntity } from '../modules/keywords/keyword.entity.js';
import { MenuEntity } from '../modules/menus/menu.entity.js';
import { NewsCategoryEntity } from '../modules/news/news-category.entity.js';
import { NewsEntity } from '../modules/news/news.entity.js';
import { SiteBlockEntity } from '../modules/site/site-block.entity.js';

/** Every entity, listed explicitly (no glob loading in an ESM build). */
export const entities = [
  KeywordEntity,
  MenuEntity,
  CaseClassEntity,
  CaseEntity,
  NewsCategoryEntity,
  NewsEntity,
  SiteBlockEntity,
];
