import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AdminList, TrashKindCount, TrashRow } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { TrashItemDto, TrashListDto } from './dto/trash.dto.js';
import { TrashService } from './trash.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, NotAudited } from '../../core/audit/audited.decorator.js';

/** The recycle bin: trashed cases, articles and menus, restored or purged (docs/behaviour.md#recycle-bin). */
@ApiTags('admin: recycle bin')
@ApiSecurity('token')
@Controller('api')
export class TrashController {
  constructor(private readonly trash: TrashService) {}

  @Access('manage')
  @NotAudited()
  @ApiPost('trash')
  @ApiOperation({ summary: 'The recycle bin, most recently deleted first; `menu` counts each kind' })
  list(@Body() body: TrashListDto): Promise<AdminList<TrashRow, TrashKindCount>> {
    return this.trash.list(body);
  }

  @Access('manage')
  @Audited('trash_restore', (b: TrashItemDto) => ({ itemKind: b.kind, itemId: b.id }))
  @ApiPost('restoretrash')
  @ApiOperation({ summary: 'Restore a trashed item (refused while its menu or parent menu is in the bin)' })
  @ResponseMessage('恢复成功')
  async restore(@Body() body: TrashItemDto): Promise<null> {
    await this.trash.restore(body.kind, body.id);
    return null;
  }

  @Access('manage')
  @Audited('trash_purge', (b: TrashItemDto) => ({ itemKind: b.kind, itemId: b.id }))
  @ApiPost('purgetrash')
  @ApiOperation({ summary: 'Delete a trashed item for good (a menu with the trashed menus and cases under it)' })
  @ResponseMessage('已彻底删除')
  async purge(@Body() body: TrashItemDto): Promise<{ count: number }> {
    return { count: await this.trash.purge(body.kind, body.id) };
  }

  @Access('manage')
  @Audited('trash_empty')
  @ApiPost('emptytrash')
  @ApiOperation({ summary: 'Delete everything in the recycle bin for good' })
  @ResponseMessage('回收站已清空')
  async empty(): Promise<{ count: number }> {
    return { count: await this.trash.empty() };
  }
}
