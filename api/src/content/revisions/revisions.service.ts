import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  NO_PERMISSION,
  type CaseFormInput,
  type NewsFormInput,
  type RevisionDetail,
  type RevisionKind,
  type RevisionList,
  REVISIONS_KEPT,
  type SiteBlocks,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { failure, invalid, unauthenticated } from '../../core/api.exception.js';
import { CasesAdminService } from '../cases/cases.admin.service.js';
import { NewsAdminService } from '../news/news.admin.service.js';
import { SiteAdminService } from '../site/site.admin.service.js';
import { isEditor, ItemReview, type Writer } from '../editing/item-review.js';
import { findRevision, isTrashed, listRevisions, type RevisionItem } from '../editing/revisions.queries.js';

const NAMES = { case: '案例', news: '文章' } as const;

/**
 * The history of cases, articles and site blocks (docs/behaviour.md#revisions). Revisions are written by the saves
 * themselves (`recordRevision`); here they are listed, read and restored. A restore saves the revision's document
 * again through the ordinary save, so it is checked like any save and is itself a new revision. A contributor reads
 * the history of their own cases and articles only (docs/behaviour.md#review-before-publishing).
 */
@Injectable()
export class RevisionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cases: CasesAdminService,
    private readonly news: NewsAdminService,
    private readonly site: SiteAdminService,
    private readonly review: ItemReview,
  ) {}

  async list(kind: RevisionKind, id: number | undefined, reader: Writer): Promise<RevisionList> {
    const item = this.item(kind, id);
    const trashed = await this.trashed(item);
    await this.readable(item, reader);
    return { list: await listRevisions(this.db, item), kept: REVISIONS_KEPT, trashed };
  }

  async get(kind: RevisionKind, id: number | undefined, number: number, reader: Writer): Promise<RevisionDetail> {
    const item = this.item(kind, id);
    await this.trashed(item);
    await this.readable(item, reader);
    const revision = await findRevision(this.db, item, number);
    if (!revision) throw failure('该版本不存在或已不再保留');
    return revision;
  }

  /** Saves a revision's document again; answers the new revision's number. */
  async restore(kind: RevisionKind, id: number | undefined, number: number, admin: Writer): Promise<number> {
    const item = this.item(kind, id);
    if (await this.trashed(item)) throw failure(`该${NAMES[kind as 'case' | 'news']}在回收站中，请先从回收站恢复`);
    const revision = await findRevision(this.db, item, number);
    if (!revision) throw failure('该版本不存在或已不再保留');
    await this.save(item, revision.document, admin, number);
    return (await listRevisions(this.db, item))[0]?.number ?? 0;
  }

  /**
   * Saves a revision's content again. A case or an article keeps the state it is in now (draft, scheduled or
   * published): a restore brings back what was written, not whether it was public then.
   */
  private async save(item: RevisionItem, document: unknown, admin: Writer, restoredFrom: number): Promise<void> {
    if (item.kind === 'case') {
      const { status, publish_at } = await this.cases.get(item.itemId, admin);
      const form = { ...(document as CaseFormInput), id: item.itemId, status, publish_at };
      const menus = await this.cases.serviceMenus();
      if (!menus.some((menu) => menu.id === form.dict_id)) {
        throw failure('该版本所属的服务栏目已删除或在回收站中，不能恢复');
      }
      await this.cases.save(form, admin, restoredFrom);
    } else if (item.kind === 'news') {
      const { status, publish_at } = await this.news.get(item.itemId, admin);
      await this.news.save(
        { ...(document as NewsFormInput), id: item.itemId, status, publish_at },
        admin,
        restoredFrom,
      );
    } else {
      await this.site.save(item.kind, document as SiteBlocks[typeof item.kind], admin.userId, restoredFrom);
    }
  }

  /** A case or an article needs its id; a block takes none. */
  private item(kind: RevisionKind, id: number | undefined): RevisionItem {
    if (kind === 'case' || kind === 'news') {
      if (id === undefined) throw invalid(`请指定${NAMES[kind]}的 id`);
      return { kind, itemId: id };
    }
    if (id !== undefined) throw invalid('页面区块的历史版本不需要 id');
    return { kind, itemId: 0 };
  }

  /**
   * A contributor reads the history of their own cases and articles only: another's answers as if there were none
   * (in the bin too), and a site block's is not theirs to read (code 3, as the guard refuses a call).
   */
  private async readable(item: RevisionItem, reader: Writer): Promise<void> {
    if (isEditor(reader)) return;
    if (item.kind !== 'case' && item.kind !== 'news') throw unauthenticated(NO_PERMISSION);
    if (!(await this.review.authoredBy(item.kind, item.itemId, reader))) {
      throw failure(`${NAMES[item.kind]}不存在或已彻底删除`);
    }
  }

  /** Whether a case or an article is in the recycle bin; refused when it does not exist at all. */
  private async trashed(item: RevisionItem): Promise<boolean> {
    if (item.kind !== 'case' && item.kind !== 'news') return false;
    const trashed = await isTrashed(this.db, item.kind, item.itemId);
    if (trashed === undefined) throw failure(`${NAMES[item.kind]}不存在或已彻底删除`);
    return trashed;
  }
}
