import { Body, Controller, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AdminList, Message, UnreadCount } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { IdDto } from '../../core/id.dto.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { RawResponse } from '../../core/raw-response.decorator.js';
import { MessageExportDto, MessageListDto, MessageReadDto } from './dto/messages.dto.js';
import { EXPORT_TYPES } from './messages.export.js';
import { MessagesService } from './messages.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, bodyItem, NotAudited } from '../../core/audit/audited.decorator.js';

@ApiTags('admin: messages')
@ApiSecurity('token')
@Controller('api')
export class MessagesAdminController {
  constructor(private readonly messages: MessagesService) {}

  @Access('edit')
  @NotAudited()
  @ApiPost('leavewords')
  @ApiOperation({ summary: 'Messages left by visitors, newest first' })
  list(@Body() body: MessageListDto): Promise<AdminList<Message>> {
    return this.messages.list(body.page, body.search);
  }

  @Access('edit')
  @NotAudited()
  @ApiPost('unreadleavewords')
  @ApiOperation({ summary: 'How many messages are unread (the side menu badge)' })
  unread(): Promise<UnreadCount> {
    return this.messages.unread();
  }

  @Access('edit')
  @Audited('lead_export')
  @ApiPost('exportleavewords')
  @ApiOperation({
    summary: 'The messages of a search as a CSV or XLSX file with Chinese headers (the file, not an envelope)',
  })
  @ApiProduces(EXPORT_TYPES.csv, EXPORT_TYPES.xlsx)
  @RawResponse()
  async exportFile(@Body() body: MessageExportDto): Promise<StreamableFile> {
    const file = await this.messages.exportFile(body.format, body.search);
    return new StreamableFile(file.stream, {
      type: file.type,
      // The Chinese name for browsers (RFC 6266), a plain one for anything older.
      disposition: `attachment; filename="messages.${body.format}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    });
  }

  @Access('edit')
  @Audited('lead_read', bodyItem('lead'))
  @ApiPost('readleaveword')
  @ApiOperation({ summary: 'Mark a message read (or unread with read: false)' })
  @ResponseMessage('已标记')
  async read(@Body() body: MessageReadDto): Promise<null> {
    await this.messages.markRead(body.id, body.read ?? true);
    return null;
  }

  @Access('edit')
  @Audited('lead_delete', bodyItem('lead'))
  @ApiPost('deleteleaveword')
  @ApiOperation({ summary: 'Delete a message' })
  @ResponseMessage('删除成功')
  async remove(@Body() body: IdDto): Promise<null> {
    await this.messages.remove(body.id);
    return null;
  }
}
