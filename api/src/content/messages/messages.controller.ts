import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPost } from '../../core/api-post.decorator.js';
import { Public } from '../../core/public.decorator.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { Client, type ClientInfo } from '../../core/client-info.js';
import { LeaveWordDto } from './dto/messages.dto.js';
import { MessagesService } from './messages.service.js';

@ApiTags('public')
@Public()
@Controller('api')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @ApiPost('leaveword')
  @ApiOperation({ summary: 'Leave a message through the contact form (validated, rate-limited per address)' })
  @ResponseMessage('提交成功，我们会尽快与您联系')
  async leave(@Body() body: LeaveWordDto, @Client() client: ClientInfo): Promise<null> {
    await this.messages.leave(body, client);
    return null;
  }
}
