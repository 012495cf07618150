import type { CaseClassId, CaseTop } from '../constants.js';
import type { SeoFields } from '../seo.js';

export interface CaseBannerImage {
  url: string;
}

/** A case as lists show it. */
export interface CaseSummary {
  id: number;
  name: string;
  intro: string;
  /** Category text (e.g. 企业官网). */
  scene: string;
  /** Link to the live site. */
  site: string;
  /** Cover image. */
  img: string;
  /** 1 pinned, 2 not pinned. */
  top: CaseTop;
  /** Service menu (3-6). */
  dict_id: number;
  /** Customer-case tab (1-5). */
  class_id: CaseClassId;
  create_time: string;
}

/**
 * `POST /api/details`: a case with its neighbours in the same list; an absent neighbour has `null` id and name and a
 * `false` flag. The SEO fields (empty: not set) are what the page's head uses instead of the derived values.
 */
export interface CaseDetail extends CaseSummary, SeoFields {
  /** QR image. */
  code_img: string;
  banner: CaseBannerImage[];
  /** HTML body. */
  content: string;
  upId: number | null;
  upname: string | null;
  caseup: boolean;
  downId: number | null;
  downname: string | null;
  casedown: boolean;
}

export interface CaseDetailRequest {
  case: number;
  /** Menu the detail is opened from: 2 (customer cases, neighbours within the case's tab) or a service menu 3-6 (neighbours within the case's service). */
  casemenu?: number;
}

export interface ServiceMenuItem {
  id: number;
  name: string;
  img: string;
  intro: string;
}

/** `POST /api/items {menu}`. */
export interface ItemsData {
  menu: {
    title: string;
    intro: string;
    background: string;
    /** The service's sub-entries (grade-2 menus under it). */
    menulist: ServiceMenuItem[];
  };
  case: {
    sum: number;
    /** The first `INFINITE_LIST.preloadedPage` cases. */
    caselist: CaseSummary[];
  };
}

export interface ItemsRequest {
  menu: number;
}

/** One step of an infinite list. `page` is the cursor to send next; `sum` the list's total. */
export interface Paged<T> {
  data: T[];
  page: number;
  sum: number;
}

export interface ItemMoreRequest {
  /** Service menu id (type 1) or customer-case tab id (type 2). */
  menu: number;
  amount: number;
  /** 1: service menu list, 2: customer-case tab list. Defaults to 1. */
  type?: number;
  /** Cursor from the previous answer (the preloaded list starts at 4). */
  page: number;
}

export interface CaseClassLink {
  id: number;
  name: string;
}

/** `GET /api/webcase`: the five tabs and the first tab's first cases. */
export interface WebcaseData {
  casemenu: CaseClassLink[];
  casecontent: CaseSummary[];
  sum: number;
}

export interface WebcaseCutRequest {
  menu: number;
}

/** `POST /api/webcasecut {menu}`: one tab's first cases. */
export interface WebcaseCutData {
  casecontent: CaseSummary[];
  sum: number;
}
