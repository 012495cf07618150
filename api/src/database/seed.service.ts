import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MEDIA_STORE, MediaUnavailable, type MediaStore } from '../core/media/media-store.js';
import { advisoryLock } from '../core/sql.js';
import { insertCase } from '../content/cases/cases.queries.js';
import { insertKeyword } from '../content/keywords/keywords.queries.js';
import { countMenus, insertMenuWithId } from '../content/menus/menus.queries.js';
import { insertNews } from '../content/news/news.queries.js';
import { saveSiteBlock } from '../content/site/site.queries.js';
import { buildSeedContent } from '../../seed/content/index.js';
import { createImageRegistry, writeSeedImages } from '../../seed/images/registry.js';
import { insertNewsCategory, syncIdSequence } from './seed.queries.js';
import type { SeedContent, SiteBlockKey } from '../../seed/types.js';

/** Serialises concurrent starts on one database (two instances must not both seed). */
const SEED_LOCK = 7_310_001;

/**
 * Fills an empty database with the demo content, in one transaction, and makes sure the drawn demo images
 * exist in the media store. Idempotent: a database that has menus is left alone.
 */
@Injectable()
export class SeedService implements OnModuleInit, OnModuleDestroy {
  /** The first wait before drawing the demo images again when the media store could not be reached; it doubles. */
  static imageRetryMs = 15_000;
  private readonly logger = new Logger('Seed');
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MEDIA_STORE) private readonly media: MediaStore,
  ) {}

  async onModuleInit(): Promise<void> {
    const { img, images } = createImageRegistry();
    const content = buildSeedContent(img);
    await this.drawImages(images, SeedService.imageRetryMs);
    if (this.config.seed && (await this.seedIfEmpty(content))) {
      this.logger.log(
        `Seeded the demo content: ${content.menus.length} menus, ${content.cases.length} cases, ${content.news.length} news`,
      );
    }
  }

  onModuleDestroy(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
  }

  /**
   * Draws the demo images that are not in the media store yet. A store that cannot be reached does not hold up
   * the start: they are drawn once it is back, tried again after `wait`, then twice as long each time (at most
   * ten minutes).
   */
  private async drawImages(images: Parameters<typeof writeSeedImages>[1], wait: number): Promise<void> {
    this.retry = null;
    try {
      const written = await writeSeedImages(this.media, images);
      if (written > 0) this.logger.log(`Drew ${written} demo images`);
    } catch (error) {
      if (!(error instanceof MediaUnavailable)) throw error;
      // A try under way when the server stopped: nothing more.
      if (this.stopped) return;
      this.logger.error(
        `The demo images were not drawn, trying again in ${Math.round(wait / 1000)} s: ${error.message}`,
      );
      const again = () =>
        this.drawImages(images, Math.min(wait * 2, 600_000)).catch((failure: unknown) =>
          this.logger.error(`The demo images were not drawn: ${(failure as Error).message}`),
        );
      this.retry = setTimeout(() => void again(), wait);
      this.retry.unref();
    }
  }

  /** Returns whether it seeded. */
  async seedIfEmpty(content: SeedContent): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await advisoryLock(manager, SEED_LOCK);
      if ((await countMenus(manager)) > 0) return false;
      await insertContent(manager, content);
      return true;
    });
  }
}

async function insertContent(manager: EntityManager, content: SeedContent): Promise<void> {
  for (const keyword of content.keywords) await insertKeyword(manager, keyword);
  // Parents before children: the menu table references itself.
  const menus = [...content.menus].sort((a, b) => a.grade - b.grade || a.id - b.id);
  for (const menu of menus) await insertMenuWithId(manager, menu);
  for (const [index, category] of content.newsCategories.entries()) {
    await insertNewsCategory(manager, { ...category, position: index + 1 });
  }
  // The demo content is all published.
  const published = { status: 'published', publish_at: null } as const;
  for (const item of content.cases) await insertCase(manager, { ...item, ...published });
  for (const item of content.news) await insertNews(manager, { ...item, ...published });
  for (const [key, value] of Object.entries(content.blocks)) await saveSiteBlock(manager, key as SiteBlockKey, value);
  // Rows inserted with explicit ids leave their sequences behind.
  await syncIdSequence(manager, 'menu');
  await syncIdSequence(manager, 'news_category');
}
