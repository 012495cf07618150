import type { SiteBlockKey, SiteBlocks } from '@site/shared-types';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { invalid } from '../../core/api.exception.js';
import { auditNote } from '../../core/audit/audit-context.js';
import { recordRevision } from '../editing/revisions.queries.js';
import { pictureOrigins, refusingMissingPictures, withCanonicalPictures } from '../uploads/media-references.js';
import { saveSiteBlock } from './site.queries.js';
import { SiteService } from './site.service.js';

@Injectable()
export class SiteAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly site: SiteService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get<K extends SiteBlockKey>(key: K): Promise<SiteBlocks[K]> {
    return this.site.block(key);
  }

  /**
   * Replaces a block as a whole and keeps what was saved as a revision, in one transaction (the upsert locks the
   * block's row, so concurrent saves number their revisions in turn). The pictures' addresses are written as the
   * library knows them, and one it does not hold is refused. `restoredFrom`: the revision a restore saves.
   */
  async save<K extends SiteBlockKey>(
    key: K,
    value: SiteBlocks[K],
    adminId: number,
    restoredFrom: number | null = null,
  ): Promise<number> {
    if (key === 'footer') this.checkFooter(value as SiteBlocks['footer']);
    const { block } = withCanonicalPictures({ block: value }, ['block'], pictureOrigins(this.config));
    return refusingMissingPictures(
      () =>
        this.db.transaction(async (manager) => {
          await saveSiteBlock(manager, key, block);
          const revision = await recordRevision(manager, {
            kind: key,
            itemId: 0,
            document: block,
            authorId: adminId,
            restoredFrom,
          });
          auditNote({ itemKind: key, itemId: 0, revision });
          return revision;
        }),
      restoredFrom !== null,
    );
  }

  /** A menu tag may appear only once among the footer's about-us links. */
  private checkFooter(footer: SiteBlocks['footer']): void {
    const seen = new Set<number>();
    for (const about of footer.abouts) {
      if (seen.has(about.column_id)) throw invalid('菜单已加载，请勿重复添加，标题添加失败');
      seen.add(about.column_id);
    }
  }
}
