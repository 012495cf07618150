import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { CoreModule } from './core/core.module.js';
import { DatabaseModule } from './database/database.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { BackupModule } from './modules/backup/backup.module.js';
import { BaiduPushModule } from './modules/baidu-push/baidu-push.module.js';
import { CacheModule } from './modules/cache/cache.module.js';
import { CasesModule } from './modules/cases/cases.module.js';
import { FrontendModule } from './modules/frontend/frontend.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { KeywordsModule } from './modules/keywords/keywords.module.js';
import { MenusModule } from './modules/menus/menus.module.js';
import { MessagesModule } from './modules/messages/messages.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { NewsModule } from './modules/news/news.module.js';
import { SearchModule } from './modules/search/search.module.js';
import { SeoModule } from './modules/seo/seo.module.js';
import { RevisionsModule } from './modules/revisions/revisions.module.js';
import { ShareModule } from './modules/share/share.module.js';
import { SiteModule } from './modules/site/site.module.js';
import { TrashModule } from './modules/trash/trash.module.js';
import { ReleasesModule } from './modules/releases/releases.module.js';
import { UploadsModule } from './modules/uploads/uploads.module.js';

@Module({})
export class AppModule {
  /** The whole application for a validated configuration and a database URL (embedded or external). */
  static register(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.register(config),
        DatabaseModule.register(databaseUrl),
        CoreModule,
        MetricsModule,
        AuthModule,
        KeywordsModule,
        MenusModule,
        SiteModule,
        CasesModule,
        NewsModule,
        SearchModule,
        ShareModule,
        MessagesModule,
        UploadsModule,
        SeoModule,
        TrashModule,
        ReleasesModule,
        RevisionsModule,
        BaiduPushModule,
        FrontendModule,
        CacheModule,
        HealthModule,
        BackupModule,
      ],
    };
  }
}
