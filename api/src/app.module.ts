import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { CoreModule } from './core/core.module.js';
import { AuditModule } from './core/audit/audit.module.js';
import { MediaModule } from './core/media/media.module.js';
import { DatabaseModule } from './database/database.module.js';
import { AuthModule } from './core/auth/auth.module.js';
import { AccountsModule } from './core/accounts/accounts.module.js';
import { BackupModule } from './operations/backup/backup.module.js';
import { BaiduPushModule } from './operations/baidu-push/baidu-push.module.js';
import { LeadNotifyModule } from './operations/lead-notify/lead-notify.module.js';
import { CacheModule } from './delivery/cache/cache.module.js';
import { CasesModule } from './content/cases/cases.module.js';
import { FrontendModule } from './delivery/pages/frontend.module.js';
import { HealthModule } from './operations/health/health.module.js';
import { KeywordsModule } from './content/keywords/keywords.module.js';
import { MenusModule } from './content/menus/menus.module.js';
import { MessagesModule } from './content/messages/messages.module.js';
import { MetricsModule } from './core/metrics/metrics.module.js';
import { NewsModule } from './content/news/news.module.js';
import { SearchModule } from './content/search/search.module.js';
import { SeoModule } from './delivery/seo/seo.module.js';
import { RevisionsModule } from './content/revisions/revisions.module.js';
import { ShareModule } from './content/share/share.module.js';
import { SiteModule } from './content/site/site.module.js';
import { TrashModule } from './content/trash/trash.module.js';
import { ReleasesModule } from './delivery/publishing/releases.module.js';
import { UploadsModule } from './content/uploads/uploads.module.js';
import { VitalsModule } from './operations/vitals/vitals.module.js';

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
        AuditModule,
        MediaModule,
        MetricsModule,
        AuthModule,
        AccountsModule,
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
        LeadNotifyModule,
        VitalsModule,
        FrontendModule,
        CacheModule,
        HealthModule,
        BackupModule,
      ],
    };
  }
}
