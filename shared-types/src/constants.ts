/** Business constants and limits (docs/behaviour.md#constants), with the fixed texts the behaviour names. */

export const MenuId = {
  Home: 1,
  Cases: 2,
  About: 7,
} as const;

/** Service menus, in home-page order: website building, social-media marketing, software development, brand design. */
export const SERVICE_MENU_IDS = [3, 4, 5, 6] as const;
export type ServiceMenuId = (typeof SERVICE_MENU_IDS)[number];

/** Menus the site's routes depend on (home, customer cases, the four services, about): never deleted or re-graded. */
export const FIXED_MENU_IDS = [MenuId.Home, MenuId.Cases, ...SERVICE_MENU_IDS, MenuId.About] as const;

export const isFixedMenu = (id: number): boolean => (FIXED_MENU_IDS as readonly number[]).includes(id);

/** The five customer-case tabs (`class_id`). */
export const CASE_CLASSES = [
  { id: 1, name: 'PC网站' },
  { id: 2, name: '手机网站' },
  { id: 3, name: '微信公众号' },
  { id: 4, name: '小程序' },
  { id: 5, name: '软件系统' },
] as const;
export type CaseClassId = (typeof CASE_CLASSES)[number]['id'];

/** The webcase route's default id (`/webcase/101.html`); it opens the first customer-case tab. */
export const DEFAULT_WEBCASE_ID = 101;
/** The case-detail `casemenu` used when none is given (the customer-cases menu). */
export const DEFAULT_CASEMENU = 2;

export const CasePinned = {
  Pinned: 1,
  NotPinned: 2,
} as const;
export type CaseTop = (typeof CasePinned)[keyof typeof CasePinned];

/** `type` of `POST /api/itemmore`: which list the cursor walks. */
export const CaseListType = {
  /** Cases of a service menu (`dict_id`), the `/items/{id}.html` list. */
  Service: 1,
  /** Cases of a customer-case tab (`class_id`), the `/webcase/{id}.html` list. */
  Classic: 2,
} as const;
export type CaseListType = (typeof CaseListType)[keyof typeof CaseListType];

/** `type` of `POST /api/search`. */
export const SearchType = {
  Cases: 1,
  News: 2,
} as const;
export type SearchType = (typeof SearchType)[keyof typeof SearchType];

/** A search lists at most this many matches, the newest; its `sum` counts up to here (docs/decisions.md). */
export const SEARCH_RESULTS_LIMIT = 500;

export const BACK_TO_TOP_THRESHOLD_PX = {
  mobile: 200,
  desktop: 1000,
  standalone: 150,
} as const;

export const SCROLL_ANIMATION_MS = 800;

export const FADE_MS = {
  searchIn: 1000,
  searchOut: 100,
  mobileBackToTop: 1000,
  aboutSideTab: 1000,
} as const;

export const ABOUT_SIDE_TAB_OFFSETS_PX = [0, 710, 1320, 1920] as const;
export const ABOUT_SIDE_TAB_THRESHOLD_PX = 200;

export const HOME_LIMITS = {
  news: 4,
  successCases: 4,
  clientLogos: 18,
  processSteps: 6,
  services: 4,
} as const;

/** Case names longer than this are cut and end with an ellipsis. */
export const CASE_NAME_MAX = 30;

export const PAGE_AMOUNT = {
  /** Service-category list: 4 for menu 4 (social-media marketing), 3 otherwise. */
  items: (menu: number): number => (menu === 4 ? 4 : 3),
  webcase: 3,
  mobileItems: 3,
  mobileCases: 2,
  news: 3,
} as const;

/** The largest `amount` one list call may ask for. */
export const MAX_PAGE_AMOUNT = 50;

export const INFINITE_LIST = {
  /** The first page is preloaded with this many entries; the cursor starts here. */
  preloadedPage: 4,
  loadDelayMs: 1000,
} as const;

export const ADMIN_LIMITS = {
  defaultPageSize: 10,
  editorHeight: 240,
  menuPositionMin: 2,
} as const;

export const CAROUSEL = {
  home: { slidesPerView: 3, spaceBetween: 25, centeredSlides: true, loop: true, autoplayMs: 2500, speed: 800 },
  about: { autoplayMs: 3000, speed: 1000 },
} as const;

export const MAP_ZOOM = 14;

export const SHARE_TIMEOUT_MS = 5000;

export const MOBILE_CONTENT_MARGIN = {
  default: '0 0 70px',
  homeLike: '10px 10px 70px',
} as const;

/**
 * The six steps of the product workflow, each with its fixed colour. The colours carry text both ways (coloured
 * text on the light cards, white text on the active card), so each reaches 4.5:1 against white and #f6f9fd.
 */
export const PROCESS_STEPS = [
  { name: '需求沟通', en: 'COMMUNICATION', color: '#1a66d6' },
  { name: '创意设计', en: 'CREATIVE DESIGN', color: '#0f7d79' },
  { name: '前端制作', en: 'FRONT-END', color: '#b25a06' },
  { name: '技术开发', en: 'DEVELOPMENT', color: '#6a4fe8' },
  { name: '测试调试', en: 'TESTING', color: '#cc3339' },
  { name: '上线运营', en: 'GOING LIVE', color: '#1a7f50' },
] as const;

/** Public-page meta used when the keyword call does not answer with code 0 (docs/behaviour.md#page-titles-and-head). */
export const DEFAULT_META = {
  title: '云帆科技 - 深圳网站建设_微信营销_软件开发_品牌设计',
  keywords: '深圳网站建设,深圳网站制作,深圳网页设计,深圳微信营销,深圳新媒体营销,深圳小程序开发,深圳软件开发',
  description:
    '云帆科技专注深圳网站建设、网页设计、微信公众号与新媒体营销、小程序与软件开发，为深圳企业提供从策划、设计、开发到上线运营的一站式互联网营销服务。',
} as const;

/** Names of the keyword records that fill the public page meta. */
export const KEYWORD_NAMES = ['title', 'keywords', 'description'] as const;
export type KeywordName = (typeof KEYWORD_NAMES)[number];

export const USER_AGENT_MOBILE_MARKERS = ['Android', 'iPhone', 'SymbianOS', 'Windows Phone', 'iPad', 'iPod'] as const;

/** WeChat's JS-SDK (sharing in WeChat's in-app browser), loaded by the mobile site when an account is configured. */
export const WECHAT_JS_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
export const WECHAT_JS_SDK_ORIGIN = 'https://res.wx.qq.com';
/** The statistics provider (Baidu Tongji); its script is `hm.js?<site id>`. */
export const ANALYTICS_ORIGIN = 'https://hm.baidu.com';
export const analyticsScriptUrl = (siteId: string): string => `${ANALYTICS_ORIGIN}/hm.js?${encodeURIComponent(siteId)}`;

/** Days a trashed case, article or menu stays in the recycle bin before it is purged (docs/behaviour.md#recycle-bin). */
export const TRASH_DAYS = 30;

/** Revisions kept per case, article or site block; a save past this drops the oldest (docs/behaviour.md#revisions). */
export const REVISIONS_KEPT = 30;

/** The kinds of the recycle bin with their names, in the filter's order. */
export const TRASH_KINDS = [
  { kind: 'case', name: '案例' },
  { kind: 'news', name: '文章' },
  { kind: 'menu', name: '栏目' },
] as const;
