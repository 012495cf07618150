import { Module } from '@nestjs/common';
import { SeoFiles } from './seo-files.service.js';

/** What search engines read besides the pages: robots.txt and the sitemaps (docs/behaviour.md#search-engines). */
@Module({
  providers: [SeoFiles],
  exports: [SeoFiles],
})
export class SeoModule {}
