import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CaseEntity } from '../../modules/cases/case.entity.js';
import { KeywordEntity } from '../../modules/keywords/keyword.entity.js';
import { MenuEntity } from '../../modules/menus/menu.entity.js';
import { NewsCategoryEntity } from '../../modules/news/news-category.entity.js';
import { NewsEntity } from '../../modules/news/news.entity.js';
import { SiteBlockEntity } from '../../modules/site/site-block.entity.js';
import { buildSeedContent } from './content/index.js';
import { createImageRegistry, writeSeedImages } from './images/registry.js';
import type { SeedContent } from './types.js';

/** Serialises concurrent starts on one database (two instances must not both seed). */
const SEED_LOCK = 7_310_001;

/**
 * Fills an empty database with the demo content, in one transaction, and makes sure the drawn demo images
 * exist under the uploads folder. Idempotent: a database that has menus is left alone.
 */
@Injectable()
export class SeedService implements OnModuleInit {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const { img, images } = createImageRegistry();
    const content = buildSeedContent(img);
    const written = await writeSeedImages(this.config.uploadsDir, images);
    if (written > 0) this.logger.log(`Drew ${written} demo images`);
    if (this.config.seed && (await this.seedIfEmpty(content))) {
      this.logger.log(
        `Seeded the demo content: ${content.menus.length} menus, ${content.cases.length} cases, ${content.news.length} news`,
      );
    }
  }

  /** Returns whether it seeded. */
  async seedIfEmpty(content: SeedContent): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
      const [row] = (await manager.query('SELECT count(*)::int AS count FROM menu')) as { count: number }[];
      if ((row?.count ?? 0) > 0) return false;
      await insertContent(manager, content);
      return true;
    });
  }
}

async function insertContent(manager: EntityManager, content: SeedContent): Promise<void> {
  await manager.insert(KeywordEntity, content.keywords);

  // Parents before children: the menu table references itself.
  const menus = [...content.menus].sort((a, b) => a.grade - b.grade || a.id - b.id);
  await manager.insert(MenuEntity, menus);
  await manager.insert(
    NewsCategoryEntity,
    content.newsCategories.map((c, index) => ({ ...c, position: index + 1 })),
  );
  await manager.insert(CaseEntity, content.cases);
  await manager.insert(NewsEntity, content.news);
  await manager.insert(
    SiteBlockEntity,
    Object.entries(content.blocks).map(([key, value]) => ({ key, value })),
  );

  // Rows inserted with explicit ids leave their sequences behind.
  for (const table of ['menu', 'news_category']) {
    await manager.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${table}))`, [table]);
  }
}
