import type { CaseClassLink, CaseDetail, CaseSummary } from './cases.js';
import type { MenuGrade, MenuLink } from './menus.js';
import type { NewsDetail, NewsSummary } from './news.js';
import type { Publishing, PublishingInput, ItemStatus } from '../publishing.js';
import type { SeoFields } from '../seo.js';
import type { ReviewState } from '../team.js';

/**
 * Admin list answer (docs/behaviour.md#content-model): one page of rows plus the option lists the screen's filters and
 * forms need. A page past the end answers an empty `data` (the client then reloads the previous page).
 */
export interface AdminList<T, M = MenuLink> {
  list: {
    data: T[];
    current_page: number;
    total: number;
    per_page: number;
    last_page: number;
  };
  menu: M[];
  classic: CaseClassLink[];
}

export interface AdminListRequest {
  /** Filter: parent menu (menus), service menu (cases), category (news); 0 or absent: all. */
  menu?: number;
  /** Cases only: customer-case tab; 0 or absent: all. */
  classic?: number;
  /** 1-based. */
  page?: number;
  search?: string;
  /** Cases and articles only: one state (docs/behaviour.md#drafts-and-scheduled-publishing); absent or '': all. */
  status?: ItemStatus | '';
}

/**
 * Every menu, flat, as the menu editor needs it: the parent select (grades 1–2) and the largest position a shown
 * entry may take (the count of entries shown beside it, docs/behaviour.md#menu-management).
 */
export interface MenuOption {
  id: number;
  name: string;
  grade: MenuGrade;
  parent_id: number | null;
  pc: boolean;
  move: boolean;
}

/** Answer of every `amend…` call: the id of the row saved (new rows get theirs here). */
export interface AmendResult {
  id: number;
}

export interface IdRequest {
  id: number;
}

export interface CaseAdminRow extends CaseSummary, Publishing, ReviewStatus {
  dict_name: string;
  class_name: string;
}

/** Where an item is in review (docs/behaviour.md#review-before-publishing): `null` when it is in none. */
export interface ReviewStatus {
  review: ReviewState | null;
}

/**
 * What `getcase`/`getnews` answer of an item's review besides its form: its state and the editor's comment when it
 * was sent back ('' otherwise). A save ignores them.
 */
export interface ReviewFields extends ReviewStatus {
  review_comment: string;
}

/**
 * The case edit form (`getcase` answer, `amendcase` payload; id 0 creates): every case field, no neighbours. The
 * answer always carries the SEO fields (empty: not set).
 */
export type CaseForm = Omit<
  CaseDetail,
  'upId' | 'upname' | 'caseup' | 'downId' | 'downname' | 'casedown' | 'create_time'
> &
  Publishing &
  Partial<ReviewFields> & {
    /** `yyyy-MM-dd`; defaults to today. */
    create_time?: string;
  };

/**
 * What a form save may leave out: the SEO fields. Left out on an update, the stored ones are kept (a client that
 * does not know them cannot clear them); left out on a create, they are empty.
 */
export type FormInput<Form extends SeoFields> = Omit<Form, keyof SeoFields> & Partial<SeoFields>;

/** A case's or an article's form as saved: its state may be left out too (published). */
type ItemFormInput<Form extends SeoFields & Publishing> = Omit<FormInput<Form>, keyof Publishing | keyof ReviewFields> &
  PublishingInput;

/** The `amendcase` payload. */
export type CaseFormInput = ItemFormInput<CaseForm>;

export interface NewsAdminRow extends NewsSummary, Publishing, ReviewStatus {
  dynamic_name: string;
}

/** The article edit form (`getnews` answer, `amendnews` payload; id 0 creates), SEO fields as in `CaseForm`. */
export type NewsForm = Omit<NewsDetail, 'uptitle' | 'upId' | 'downtitle' | 'downId' | 'create_time'> &
  Publishing &
  Partial<ReviewFields> & {
    /** `yyyy-MM-dd`; defaults to today. */
    create_time?: string;
  };

/** The `amendnews` payload. */
export type NewsFormInput = ItemFormInput<NewsForm>;

export interface LoginRequest {
  email: string;
  /** MD5 hex of the password, computed by the client. */
  password: string;
  /**
   * The second step, for an account with two-step sign-in: the authenticator's six digits or an unused recovery
   * code. Without it such an account's sign-in is refused with `TWO_STEP_NEEDED` (docs/behaviour.md#two-step-sign-in).
   */
  code?: string;
}

export interface LoginData {
  token: string;
}

export interface ModificationRequest {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

export interface UploadData {
  url: string;
}

/** A message left through the contact form. */
export interface Message {
  id: number;
  name: string;
  phone: string;
  email: string;
  address: string;
  content: string;
  /** Page the visitor sent it from. */
  page: string;
  read: boolean;
  /** `yyyy-MM-dd HH:mm`, in UTC+8. */
  create_time: string;
}

/** `POST /api/leaveword`. `website` is a honeypot: people leave it empty. */
export interface LeaveWordRequest {
  name: string;
  phone: string;
  email?: string;
  address?: string;
  content: string;
  page?: string;
  website?: string;
}

export interface MessageReadRequest {
  id: number;
  /** Defaults to true. */
  read?: boolean;
}
