import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AdminList, AmendResult, NewsAdminRow, NewsCategoryLink, NewsForm } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { CurrentAdmin } from '../../core/auth/admin.decorator.js';
import type { AdminIdentity } from '../../core/auth/auth.service.js';
import { IdDto } from '../../core/id.dto.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { GetNewsDto, NewsFormDto, NewsListDto } from './dto/news.admin.dto.js';
import { NewsAdminService } from './news.admin.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, bodyItem, NotAudited } from '../../core/audit/audited.decorator.js';

@ApiTags('admin: news')
@ApiSecurity('token')
@Controller('api')
export class NewsAdminController {
  constructor(private readonly news: NewsAdminService) {}

  @Access('write')
  @NotAudited()
  @ApiPost('news')
  @ApiOperation({ summary: 'Articles, newest first, filtered by category and title' })
  list(
    @Body() body: NewsListDto,
    @CurrentAdmin() admin: AdminIdentity,
  ): Promise<AdminList<NewsAdminRow, NewsCategoryLink>> {
    return this.news.list(body, admin);
  }

  @Access('write')
  @NotAudited()
  @ApiPost('getnews')
  @ApiOperation({ summary: 'One article as its edit form' })
  get(@Body() body: GetNewsDto, @CurrentAdmin() admin: AdminIdentity): Promise<NewsForm> {
    return this.news.get(body.newsid, admin);
  }

  @Access('write')
  @Audited('news_save', bodyItem('news'))
  @ApiPost('amendnews')
  @ApiOperation({ summary: 'Create (id 0) or update an article; content is sanitised' })
  @ResponseMessage('保存成功')
  save(@Body() body: NewsFormDto, @CurrentAdmin() admin: AdminIdentity): Promise<AmendResult> {
    return this.news.save(body, admin);
  }

  @Access('edit')
  @Audited('news_delete', bodyItem('news'))
  @ApiPost('deletenews')
  @ApiOperation({ summary: 'Move an article to the recycle bin (purged after 30 days)' })
  @ResponseMessage('删除成功')
  async remove(@Body() body: IdDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.news.remove(body.id, admin.userId);
    return null;
  }
}
