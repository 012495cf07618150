import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { roleMay, type ReviewFields, type RevisionAction } from '@site/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { failure } from '../../core/api.exception.js';
import type { AdminIdentity } from '../../core/auth/auth.service.js';
import type { Sql } from '../../core/sql.js';
import { ItemEditor, type ItemStore, type StoredState } from './item-editor.js';
import type { PublishingFields, ReviewColumns, ReviewWrite } from './publishing.js';
import { itemAuthor, itemReviewState, markPending, markReturned, type ItemReviewState } from './review.queries.js';
import { ReviewNotices, type ReviewSubmission } from './review-notices.js';
import { findRevision, recordRevision } from './revisions.queries.js';

/** Who reads or writes a case or an article: their account and role. */
export type Writer = Pick<AdminIdentity, 'userId' | 'role'>;

/** Editors and above publish; a contributor's items go through review. */
export const isEditor = (writer: Writer) => roleMay(writer.role, 'edit');

/** A stored row of a case or an article, as review reads it. */
export type ReviewedRow = StoredState & ReviewColumns & { publish_at: string | null };

/** How one kind is stored, with what review needs besides the save: reading the row, the form's title. */
export interface ReviewedStore<
  Fields extends PublishingFields & ReviewWrite,
  Row extends ReviewedRow,
  Form,
> extends ItemStore<Fields, Row, Form & { id: number }> {
  find(db: Sql, id: number): Promise<Row | undefined>;
  titleOf(form: Form): string;
}

export const NOT_PENDING = '该内容不在待审核状态';
export const ALREADY_PENDING = '已提交审核，请等待编辑审核';
export const NOTHING_TO_SUBMIT = '已发布或定时发布的内容修改后会自动提交审核，当前没有需要提交的修改';
export const REVIEWED_GONE = '待审核的版本已不再保留，请退回后让作者重新提交';
export const REVIEW_MOVED_ON = '审核期间内容已有新的修改或已被处理，请刷新后重新审核';
export const CHANGED_MEANWHILE = '该内容刚被编辑修改，请重新打开后再保存';

/**
 * Review before publishing (docs/behaviour.md#review-before-publishing), for cases and articles alike: a
 * contributor writes only drafts of their own and sees only their own items; submitting records the document under
 * review as a revision (`submit`) and announces it (`ReviewNotices`); a contributor's change of an item an editor
 * approved is such a submission and leaves the row as it is; an editor's save (an approval too) ends any review,
 * and a return records the comment. Every step is a revision, so the history tells who did what.
 */
@Injectable()
export class ItemReview {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly editor: ItemEditor,
    private readonly notices: ReviewNotices,
  ) {}

  /** The author a list keeps: a contributor's own items; 0 (everybody's) for an editor. */
  authorFilter(writer: Writer): number {
    return isEditor(writer) ? 0 : writer.userId;
  }

  /** Whether the writer may see the item: an editor any, a contributor their own. */
  mayRead(item: Pick<ReviewColumns, 'author_id'>, writer: Writer): boolean {
    return isEditor(writer) || item.author_id === writer.userId;
  }

  /** Whether the writer may see the item's history: an editor any, a contributor their own (in the bin too). */
  async authoredBy(kind: ReviewSubmission['kind'], id: number, writer: Writer): Promise<boolean> {
    return isEditor(writer) || (await itemAuthor(this.db, kind, id)) === writer.userId;
  }

  /** Refuses a contributor's read of another's item as if there were none. */
  async readable(store: { kind: ReviewSubmission['kind']; name: string }, id: number, writer: Writer): Promise<void> {
    const state = await itemReviewState(this.db, store.kind, id);
    if (!state || !this.mayRead(state, writer)) throw failure(`${store.name}不存在或已删除`);
  }

  /**
   * The edit form as the writer sees it, with its review: a contributor's own approved item with a change under
   * review (or sent back) answers that change, in the item's state.
   */
  async form<Fields extends PublishingFields & ReviewWrite, Row extends ReviewedRow, Form extends { id: number }>(
    store: ReviewedStore<Fields, Row, Form>,
    id: number,
    writer: Writer,
  ): Promise<Form & ReviewFields> {
    const row = await store.find(this.db, id);
    if (!row || !this.mayRead(row, writer)) throw failure(`${store.name}不存在或已删除`);
    let form = store.formOf(row);
    if (!isEditor(writer) && row.status !== 'draft' && row.review !== null && row.review_number !== null) {
      const change = await findRevision(this.db, { kind: store.kind, itemId: id }, row.review_number);
      if (change) form = { ...(change.document as Form), id, status: row.status, publish_at: row.publish_at };
    }
    return { ...form, review: row.review, review_comment: row.review_comment };
  }

  /**
   * Saves as the writer may: an editor's save as it always was, ending any review; a contributor's as a draft of
   * their own (creating one, or changing one, which takes a pending review back), or, for their item an editor
   * approved, as a change submitted for review that leaves the item as it is. Answers the id.
   */
  async save<Fields extends PublishingFields & ReviewWrite, Row extends ReviewedRow, Form extends { id: number }>(
    store: ReviewedStore<Fields, Row, Form>,
    id: number,
    fields: Fields,
    writer: Writer,
    restoredFrom: number | null,
    approving: number | null = null,
  ): Promise<number> {
    if (isEditor(writer)) {
      const review_write = approving === null ? ('end' as const) : (`approve:${approving}` as const);
      const edited = { ...fields, author_id: writer.userId, review_write };
      const action: RevisionAction = approving === null ? 'save' : 'approve';
      return this.editor.save(store, id, edited, writer.userId, restoredFrom, action);
    }
    if (id !== 0) {
      const state = await itemReviewState(this.db, store.kind, id);
      if (!state || !this.mayRead(state, writer)) throw failure(`${store.name}不存在或已删除`);
      if (state.status !== 'draft') return this.propose(store, id, fields, writer);
    }
    const draft = {
      ...fields,
      status: 'draft' as const,
      publish_at: null,
      author_id: writer.userId,
      review_write: 'withdraw' as const,
    };
    return this.editor.save(store, id, draft, writer.userId, restoredFrom);
  }

  /** Submits the writer's draft (or their returned change of an approved item) for review. */
  async submit<Fields extends PublishingFields & ReviewWrite, Row extends ReviewedRow, Form extends { id: number }>(
    store: ReviewedStore<Fields, Row, Form>,
    id: number,
    writer: Writer,
  ): Promise<void> {
    await this.announcing(async (manager) => {
      const state = await this.locked(manager, store, id, writer);
      if (state.review === 'pending') throw failure(ALREADY_PENDING);
      let document: unknown;
      if (state.status === 'draft') {
        document = store.formOf((await store.find(manager, id))!);
      } else if (state.review === 'returned' && state.review_number !== null) {
        document = (await findRevision(manager, { kind: store.kind, itemId: id }, state.review_number))?.document;
      }
      if (document === undefined) throw failure(NOTHING_TO_SUBMIT);
      return this.submitted(manager, store.kind, id, document, writer.userId);
    });
  }

  /** The document under review and its revision, for an approval (refused when the item waits for none). */
  async underReview<
    Fields extends PublishingFields & ReviewWrite,
    Row extends ReviewedRow,
    Form extends { id: number },
  >(store: ReviewedStore<Fields, Row, Form>, id: number): Promise<{ form: Form; number: number }> {
    const state = await itemReviewState(this.db, store.kind, id);
    if (!state) throw failure(`${store.name}不存在或已删除`);
    if (state.review !== 'pending' || state.review_number === null) throw failure(NOT_PENDING);
    const revision = await findRevision(this.db, { kind: store.kind, itemId: id }, state.review_number);
    if (!revision) throw failure(REVIEWED_GONE);
    return { form: revision.document as Form, number: state.review_number };
  }

  /**
   * Runs an approval's save of revision `number`; when the save is refused because another change was submitted
   * (or the review ended) meanwhile, says so instead of the save's own refusal.
   */
  async approving<T>(kind: ReviewSubmission['kind'], id: number, number: number, save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      const state = await itemReviewState(this.db, kind, id);
      if (state && (state.review !== 'pending' || state.review_number !== number)) throw failure(REVIEW_MOVED_ON);
      throw error;
    }
  }

  /** Sends a pending item back with the editor's comment: a revision (`return`) of the reviewed document. */
  async sendBack<Fields extends PublishingFields & ReviewWrite, Row extends ReviewedRow, Form extends { id: number }>(
    store: ReviewedStore<Fields, Row, Form>,
    id: number,
    comment: string,
    editor: Writer,
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      const state = await this.locked(manager, store, id, editor);
      if (state.review !== 'pending' || state.review_number === null) throw failure(NOT_PENDING);
      const item = { kind: store.kind, itemId: id };
      const reviewed = await findRevision(manager, item, state.review_number);
      const document = reviewed ? reviewed.document : store.formOf((await store.find(manager, id))!);
      await recordRevision(manager, { ...item, document, authorId: editor.userId, action: 'return', note: comment });
      await markReturned(manager, store.kind, id, comment);
    });
  }

  /**
   * A contributor's change of their item an editor approved: the row stays as it is (the public page too); the
   * change is a revision under review, read as the form it would be.
   */
  private async propose<
    Fields extends PublishingFields & ReviewWrite,
    Row extends ReviewedRow,
    Form extends { id: number },
  >(store: ReviewedStore<Fields, Row, Form>, id: number, fields: Fields, writer: Writer): Promise<number> {
    await this.announcing(async (manager) => {
      const state = await this.locked(manager, store, id, writer);
      if (state.status === 'draft') throw failure(CHANGED_MEANWHILE);
      const row = (await store.find(manager, id))!;
      const { status: _status, publish_at: _at, author_id: _author, review_write: _write, ...changes } = fields;
      const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const document = store.formOf({ ...row, ...given, id });
      return this.submitted(manager, store.kind, id, document, writer.userId);
    });
    return id;
  }

  /** The item locked for a step of review; refused as absent when the writer may not see it. */
  private async locked(
    manager: EntityManager,
    store: { kind: ReviewSubmission['kind']; name: string },
    id: number,
    writer: Writer,
  ): Promise<ItemReviewState> {
    const state = await itemReviewState(manager, store.kind, id, true);
    if (!state || !this.mayRead(state, writer)) throw failure(`${store.name}不存在或已删除`);
    return state;
  }

  /** Records the document under review (`submit`), marks the item pending and announces it, in the transaction. */
  private async submitted(
    manager: EntityManager,
    kind: ReviewSubmission['kind'],
    id: number,
    document: unknown,
    authorId: number,
  ): Promise<ReviewSubmission> {
    const revision = await recordRevision(manager, { kind, itemId: id, document, authorId, action: 'submit' });
    await markPending(manager, kind, id, revision);
    const submission = { kind, id, revision };
    await this.notices.note(manager, submission);
    return submission;
  }

  /** One transaction that ends in a submission; its followers hear of the commit. */
  private async announcing(work: (manager: EntityManager) => Promise<ReviewSubmission>): Promise<void> {
    const submission = await this.db.transaction(work);
    this.notices.committed(submission);
  }
}
