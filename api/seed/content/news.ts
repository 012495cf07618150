import type { ImageFn } from '../images/spec.js';
import type { SeedNews, SeedNewsCategory } from '../types.js';
import { COMPANY_NEWS } from './news-company.js';
import type { NewsDef } from './news-def.js';
import { INSIGHT_NEWS } from './news-insights.js';

export const NEWS_CATEGORIES: readonly SeedNewsCategory[] = [
  { id: 1, name: '行业观点' },
  { id: 2, name: '公司动态' },
];

const ARTICLES_BY_CATEGORY: ReadonlyMap<number, readonly NewsDef[]> = new Map([
  [1, INSIGHT_NEWS],
  [2, COMPANY_NEWS],
]);

export function buildNewsCategories(): SeedNewsCategory[] {
  return NEWS_CATEGORIES.map((category) => ({ ...category }));
}

/** All articles, category by category, oldest first within a category. */
export function buildNews(img: ImageFn): SeedNews[] {
  return NEWS_CATEGORIES.flatMap((category) =>
    (ARTICLES_BY_CATEGORY.get(category.id) ?? []).map((def, index) => ({
      title: def.title,
      intro: def.intro,
      img: img(`news-${def.key}-cover`, {
        kind: 'news-cover',
        title: def.title,
        category: category.name,
        palette: category.id * 5 + index,
      }),
      content: def.content,
      create_time: def.date,
      dynamic_id: category.id,
    })),
  );
}
