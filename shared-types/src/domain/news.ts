import type { SeoFields } from '../seo.js';

export interface NewsSummary {
  id: number;
  title: string;
  intro: string;
  img: string;
  /** `yyyy-MM-dd`. */
  create_time: string;
  /** News category. */
  dynamic_id: number;
}

/**
 * `POST /api/itemnewscut`: an article with its neighbours in the same category; absent neighbours are `null`. The
 * SEO fields (empty: not set) are what the page's head uses instead of the derived values.
 */
export interface NewsDetail extends NewsSummary, SeoFields {
  /** HTML body. */
  content: string;
  uptitle: string | null;
  upId: number | null;
  downtitle: string | null;
  downId: number | null;
}

export interface NewsDetailRequest {
  case: number;
  state?: number;
}

export interface NewsCategoryLink {
  id: number;
  name: string;
}

/** `GET /api/itemnews`: the categories and the newest articles of all categories. */
export interface ItemNewsData {
  newmenu: NewsCategoryLink[];
  newcontent: NewsSummary[];
  sum: number;
}

export interface NewMoreRequest {
  /** News category id, or 0 for all categories. */
  menu: number;
  amount: number;
  page: number;
}
