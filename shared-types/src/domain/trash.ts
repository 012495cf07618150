/**
 * The back office's recycle bin and revisions (docs/behaviour.md#recycle-bin, #revisions).
 */

/** What can be in the recycle bin: a case, an article or a menu. */
export type TrashKind = 'case' | 'news' | 'menu';

/** A trashed item, as the bin lists it. */
export interface TrashRow {
  kind: TrashKind;
  id: number;
  /** The case's name, the article's title or the menu's name. */
  title: string;
  /** Where it was filed: the case's service menu, the article's category, the menu's parent ('' for grade 1). */
  place: string;
  /** `yyyy-MM-dd HH:mm`, UTC+8. */
  deleted_at: string;
  /** The administrator's e-mail ('' when the account no longer exists). */
  deleted_by: string;
  /** Whole days before it is purged automatically (0: at the next purge). */
  days_left: number;
  /**
   * Why it cannot be restored yet ('' when it can): its menu or parent menu is in the bin too.
   */
  blocked: string;
}

/** A kind with the number of its items in the bin (the filter's options). */
export interface TrashKindCount {
  kind: TrashKind;
  name: string;
  count: number;
}

export interface TrashListRequest {
  /** One kind; absent: all. */
  kind?: TrashKind;
  page?: number;
  /** Literal substring of the title. */
  search?: string;
}

/** `{kind, id}`: one item of the bin. */
export interface TrashItemRequest {
  kind: TrashKind;
  id: number;
}

/** What keeps revisions: a case, an article, or one of the five site blocks. */
export type RevisionKind = 'case' | 'news' | 'header' | 'footer' | 'home' | 'about' | 'contact';

/** `{kind, id}`: the item whose revisions are meant (`id` only for a case or an article). */
export interface RevisionItemRequest {
  kind: RevisionKind;
  id?: number;
}

export interface RevisionRequest extends RevisionItemRequest {
  number: number;
}

/** One saved version of an item. */
export interface RevisionRow {
  /** 1, 2, … per item; the highest is what is stored now. */
  number: number;
  /** The administrator's e-mail ('' when the account no longer exists). */
  author: string;
  /** `yyyy-MM-dd HH:mm:ss`, UTC+8. */
  created_at: string;
  /** The revision this one restored, or null for an ordinary save. */
  restored_from: number | null;
  /** What made it: a save, or a step of review (docs/behaviour.md#review-before-publishing). */
  action: RevisionAction;
  /** The editor's comment of a `return` ('' otherwise). */
  note: string;
}

/**
 * What made a revision: a save (`save`, a restore too), a submission for review (`submit`: the document under
 * review), an approval (`approve`: the reviewed document as published or scheduled), a return (`return`, with the
 * editor's comment).
 */
export const REVISION_ACTIONS = ['save', 'submit', 'approve', 'return'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

export const REVISION_ACTION_NAMES: Readonly<Record<RevisionAction, string>> = {
  save: '保存',
  submit: '提交审核',
  approve: '审核通过',
  return: '退回修改',
};

/** An item's revisions, newest first, and how many are kept per item. */
export interface RevisionList {
  list: RevisionRow[];
  kept: number;
  /** Whether the item is in the recycle bin (its revisions can be read, not restored). */
  trashed: boolean;
}

/** One revision with the document it saved (the edit form or the block, as the save wrote it). */
export interface RevisionDetail extends RevisionRow {
  document: unknown;
}
