import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AdminList, MediaItem } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { IdDto } from '../../core/id.dto.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { MediaListDto } from './dto/media.dto.js';
import { MediaLibrary } from './media-library.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, bodyItem, NotAudited } from '../../core/audit/audited.decorator.js';

@ApiTags('admin: media library')
@ApiSecurity('token')
@Controller('api')
export class MediaLibraryAdminController {
  constructor(private readonly library: MediaLibrary) {}

  @Access('edit')
  @NotAudited()
  @ApiPost('medialist')
  @ApiOperation({ summary: 'Every uploaded picture, newest first, with its size and where the content uses it' })
  list(@Body() body: MediaListDto): Promise<AdminList<MediaItem>> {
    return this.library.list(body.page, body.search ?? '', body.usage ?? 'all');
  }

  @Access('edit')
  @Audited('media_delete', bodyItem('media'))
  @ApiPost('deletemedia')
  @ApiOperation({ summary: 'Delete an unused picture with its file and variants (a used one is refused)' })
  @ResponseMessage('删除成功')
  async remove(@Body() body: IdDto): Promise<null> {
    await this.library.remove(body.id);
    return null;
  }
}
