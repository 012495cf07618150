import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { failure } from '../../core/api.exception.js';
import { auditNote, documentTitle } from '../../core/audit/audit-context.js';
import type { ItemStatus, RevisionAction } from '@site/shared-types';
import { refusingMissingPictures } from '../uploads/media-references.js';
import { ItemChanges, type EditedKind, type ItemChange } from './item-changes.js';
import { PublishSchedule } from './publish-schedule.js';
import { publicChange } from './publishing.js';
import { recordRevision } from './revisions.queries.js';

/** What every stored case or article row tells of its state. */
export interface StoredState {
  status: ItemStatus;
}

/** How one kind of edited item is stored: its writes, and its saved row as the edit form a revision keeps. */
export interface ItemStore<Fields, Row extends StoredState, Form extends { id: number }> {
  kind: EditedKind;
  /** What the back office calls it: 案例, 文章. */
  name: string;
  /** Inserts the item; answers the row as stored. */
  insert(manager: EntityManager, fields: Fields): Promise<Row>;
  /**
   * Updates the item outside the recycle bin; answers the row as stored with the state it had before
   * (`was_status`), `undefined` when there is none.
   */
  update(manager: EntityManager, id: number, fields: Fields): Promise<(Row & { was_status: ItemStatus }) | undefined>;
  /** Moves the item to the recycle bin; answers the state it had (`undefined`: no such item outside the bin). */
  trash(manager: EntityManager, id: number, adminId: number): Promise<ItemStatus | undefined>;
  formOf(row: Row): Form;
}

/**
 * The save, revision and bin workflow that cases and articles share (docs/behaviour.md#revisions): a save writes
 * the item, keeps what it stored as a revision and tells the item's followers, all in one transaction.
 */
@Injectable()
export class ItemEditor {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly changes: ItemChanges,
    private readonly schedule: PublishSchedule,
  ) {}

  /**
   * Creates (`id` 0) or updates an item; answers its id. `restoredFrom`: the revision a restore saves again;
   * `action`: the step of review the save is (an approval), recorded with its revision.
   */
  async save<Fields, Row extends StoredState, Form extends { id: number }>(
    store: ItemStore<Fields, Row, Form>,
    id: number,
    fields: Fields,
    adminId: number,
    restoredFrom: number | null,
    action: RevisionAction = 'save',
  ): Promise<number> {
    let scheduled = false;
    const write = () =>
      this.write(async (manager) => {
        const row = id === 0 ? await store.insert(manager, fields) : await store.update(manager, id, fields);
        if (row === undefined) throw failure(`${store.name}不存在或已删除`);
        const document = store.formOf(row);
        const revision = await recordRevision(manager, {
          kind: store.kind,
          itemId: document.id,
          document,
          authorId: adminId,
          restoredFrom,
          action,
        });
        auditNote({ itemKind: store.kind, itemId: document.id, title: documentTitle(document), revision });
        const before = 'was_status' in row && row.was_status === 'published';
        scheduled = row.status === 'scheduled';
        return { kind: store.kind, id: document.id, how: publicChange(before, row.status === 'published') };
      });
    // The database refuses a picture that is not in the media library (deleted meanwhile): said in words.
    const saved = await refusingMissingPictures(write, restoredFrom !== null);
    if (scheduled) this.schedule.rescheduled();
    return saved;
  }

  /** Moves an item to the recycle bin; its pages answer 404 from now on. */
  async trash<Fields, Row extends StoredState, Form extends { id: number }>(
    store: ItemStore<Fields, Row, Form>,
    id: number,
    adminId: number,
  ): Promise<void> {
    await this.write(async (manager) => {
      const was = await store.trash(manager, id, adminId);
      if (was === undefined) throw failure(`${store.name}不存在或已删除`);
      return { kind: store.kind, id, how: publicChange(was === 'published', false) };
    });
  }

  /**
   * One transaction: a write of a case or an article and the notice of its change; followers hear of the commit.
   * Answers the id. Saves and trashing go through it, and so does the recycle bin's restore.
   */
  async write(work: (manager: EntityManager) => Promise<ItemChange>): Promise<number> {
    const change = await this.db.transaction(async (manager) => {
      const made = await work(manager);
      await this.changes.note(manager, made);
      return made;
    });
    this.changes.committed(change);
    return change.id;
  }
}
