import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AdminList, Message } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { IdDto } from '../../core/id.dto.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { MessageListDto, MessageReadDto } from './dto/messages.dto.js';
import { MessagesService } from './messages.service.js';

@ApiTags('admin: messages')
@ApiSecurity('token')
@Controller('api')
export class MessagesAdminController {
  constructor(private readonly messages: MessagesService) {}

  @ApiPost('leavewords')
  @ApiOperation({ summary: 'Messages left by visitors, newest first' })
  list(@Body() body: MessageListDto): Promise<AdminList<Message>> {
    return this.messages.list(body.page, body.search);
  }

  @ApiPost('readleaveword')
  @ApiOperation({ summary: 'Mark a message read (or unread with read: false)' })
  @ResponseMessage('已标记')
  async read(@Body() body: MessageReadDto): Promise<null> {
    await this.messages.markRead(body.id, body.read ?? true);
    return null;
  }

  @ApiPost('deleteleaveword')
  @ApiOperation({ summary: 'Delete a message' })
  @ResponseMessage('删除成功')
  async remove(@Body() body: IdDto): Promise<null> {
    await this.messages.remove(body.id);
    return null;
  }
}
