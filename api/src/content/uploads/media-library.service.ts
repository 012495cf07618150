import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  describeMediaUse,
  isStoredUpload,
  type AdminList,
  type MediaItem,
  type MediaUsage,
  type MediaUse,
} from '@site/shared-types';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure } from '../../core/api.exception.js';
import { reportUnlessStopping } from '../../core/server-stopping.js';
import {
  MEDIA_STORE,
  MediaUnavailable,
  mediaType,
  UPLOADS_PREFIX,
  type MediaStore,
} from '../../core/media/media-store.js';
import { variantKeys } from './image-variants.js';
import { keyFileName } from './media-names.js';
import { countMedia, deleteMedia, insertMedia, listMedia, lockMedia, mediaUrls, mediaUses } from './media.queries.js';

/** Pictures on one page of the library: a grid reads better with more than the lists' ten rows. */
export const MEDIA_PAGE_SIZE = 24;

/** At most this many uses are named when a delete is refused; the rest are counted. */
const NAMED_USES = 5;

/** The demo drawings come with the site: the seed draws them again whenever they are missing. */
const DEMO_PREFIX = '/uploads/seed/';

export const MEDIA_NOT_FOUND = '图片不存在或已删除';
export const MEDIA_DEMO = '演示图片随网站程序提供，删除后会在下次启动时重新生成，不能删除';
export const MEDIA_STORE_DOWN = '图片存储服务暂时无法访问，图片未能删除，请稍后再试';

/** The refusal of a delete: where the picture is used, the first few places named. */
export function usedMessage(uses: readonly MediaUse[]): string {
  const named = uses.slice(0, NAMED_USES).map(describeMediaUse).join('、');
  const more = uses.length > NAMED_USES ? ` 等 ${uses.length} 处` : '';
  return `图片正在使用中，不能删除：${named}${more}`;
}

/** Width and height of a picture (one frame's height for an animation); zeros when it cannot be read. */
export async function pictureSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
    return { width: meta.width, height: meta.pageHeight ?? meta.height };
  } catch {
    return { width: 0, height: 0 };
  }
}

/**
 * The media library (docs/decisions.md "Media library"): a row for every picture under `/uploads/`, listed with where
 * the content uses it, and deleted only when nothing does. Uploads record their pictures; pictures stored without a
 * row are recorded by {@link reconcile}, at every start and again after a start that could not reach the store.
 */
@Injectable()
export class MediaLibrary implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MediaLibrary');
  private running: Promise<void> | null = null;
  /** The last reconciliation did not finish (the store could not be reached): the next list tries again. */
  private unfinished = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(MEDIA_STORE) private readonly media: MediaStore,
  ) {}

  /** In the background: a site upgraded with thousands of uploads starts without waiting for their rows. */
  onApplicationBootstrap(): void {
    this.reconcileInBackground();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** Records a picture an upload has just stored (`bytes` as stored). */
  async record(url: string, name: string, bytes: Buffer): Promise<void> {
    const size = await pictureSize(bytes);
    await insertMedia(this.db, { url, name, bytes: bytes.length, ...size, mime: mediaType(url) });
  }

  /** Newest first, each with where it is used. */
  async list(page: number | undefined, search: string, usage: MediaUsage): Promise<AdminList<MediaItem>> {
    if (this.unfinished) this.reconcileInBackground();
    const window = pageWindow(page, MEDIA_PAGE_SIZE);
    const rows = await listMedia(this.db, search, usage, window);
    const total = await countMedia(this.db, search, usage);
    const items = rows.map((row) => ({ ...row, demo: row.url.startsWith(DEMO_PREFIX) }));
    return adminList(items, total, window.page, MEDIA_PAGE_SIZE, []);
  }

  /**
   * Deletes an unused picture: its row, its file and its variants. The uses are read once the picture's row is
   * locked: a save adding it (which locks the row too) has committed by then, and one to come waits and then finds
   * the picture gone, so a save cannot add a use between the check and the delete. The file goes before the row is
   * committed, so a store that cannot be reached leaves the picture as it was.
   */
  async remove(id: number): Promise<void> {
    await this.db.transaction(async (manager) => {
      const row = await lockMedia(manager, id);
      if (!row) throw failure(MEDIA_NOT_FOUND);
      if (row.url.startsWith(DEMO_PREFIX)) throw failure(MEDIA_DEMO);
      const uses = await mediaUses(manager, row.url);
      if (uses.length > 0) throw failure(usedMessage(uses));
      await deleteMedia(manager, id);
      await this.removeObjects(row.url);
    });
  }

  /**
   * Records every picture of the store that has no row (name: its stored name; time: when it was stored). Safe with
   * several servers starting at once (a row recorded twice is ignored) and cheap when nothing is missing: one
   * listing of the store and one read of the recorded addresses. Returns how many it recorded.
   */
  async reconcile(): Promise<number> {
    const known = await mediaUrls(this.db);
    let added = 0;
    for await (const { key } of this.media.list(UPLOADS_PREFIX)) {
      if (this.stopped) break;
      const url = `/${key}`;
      if (known.has(url) || !isStoredUpload(url)) continue;
      const [bytes, info] = await Promise.all([this.media.readBytes(key), this.media.stat(key)]);
      if (!bytes || !info) continue; // deleted meanwhile
      const size = await pictureSize(bytes);
      const name = keyFileName(key);
      await insertMedia(this.db, {
        url,
        name,
        bytes: bytes.length,
        ...size,
        mime: mediaType(key),
        createdAt: info.modified,
      });
      added += 1;
    }
    return added;
  }

  private reconcileInBackground(): void {
    if (this.running || this.stopped) return;
    this.unfinished = false;
    this.running = this.reconcile()
      .then((added) => {
        if (added > 0) this.logger.log(`Recorded ${added} stored pictures in the media library`);
      })
      .catch((error: unknown) => {
        if (this.stopped) return;
        this.unfinished = true;
        const why = error instanceof MediaUnavailable ? 'the media store cannot be reached' : (error as Error).message;
        reportUnlessStopping(error, () =>
          this.logger.error(`The media library could not look for unrecorded pictures (tried again later): ${why}`),
        );
      })
      .finally(() => {
        this.running = null;
      });
  }

  /**
   * The picture's file, then its variants. The file first: a variant being made meanwhile finds it gone once stored
   * and removes itself (image-variants.ts), so none outlives the picture. A store failing on the file leaves the
   * picture as it was (the row stays); failing on the variants after the file went, the picture is deleted anyway
   * and the log names what is left.
   */
  private async removeObjects(url: string): Promise<void> {
    const path = url.slice('/uploads/'.length);
    try {
      await this.media.remove([UPLOADS_PREFIX + path]);
    } catch (error) {
      if (error instanceof MediaUnavailable) {
        this.logger.error(`A picture was not deleted: ${error.message}`);
        throw failure(MEDIA_STORE_DOWN);
      }
      throw error;
    }
    await this.media
      .remove(variantKeys(path))
      .catch((error: unknown) =>
        this.logger.error(`The variants of a deleted picture ${url} are left: ${(error as Error).message}`),
      );
  }

  /** For the tests: the reconciliation started at start-up, finished. */
  async settled(): Promise<void> {
    await this.running;
  }
}
