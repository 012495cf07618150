import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  type AdminListRequest,
  type LeaveWordRequest,
  type MessageReadRequest,
} from '@site/shared-types';
import { Matches, ValidateIf } from 'class-validator';
import { BoolField, IdField, PageField, TextField } from '../../../core/validation.js';

export class LeaveWordDto implements LeaveWordRequest {
  @TextField(30, { min: 1, label: '姓名' })
  name: string;

  // Decorators apply bottom-up: the length rules (listed last) report before the format.
  @Matches(PHONE_PATTERN, { message: '请填写正确的手机号或固定电话' })
  @TextField(30, { min: 1, label: '电话' })
  phone: string;

  @ValidateIf((dto: LeaveWordDto) => dto.email !== undefined && dto.email !== '')
  @Matches(EMAIL_PATTERN, { message: '请填写正确的邮箱地址' })
  @TextField(254, { optional: true, label: '邮箱' })
  email?: string;

  @TextField(200, { optional: true, label: '地址' })
  address?: string;

  @TextField(1000, { min: 1, label: '留言内容' })
  content: string;

  @TextField(500, { optional: true, description: 'page the visitor was on' })
  page?: string;

  /** Honeypot: hidden from people, filled by bots. */
  @TextField(200, { optional: true, description: 'leave empty' })
  website?: string;
}

export class MessageListDto implements AdminListRequest {
  @PageField()
  page?: number;

  @TextField(50, { optional: true })
  search?: string;
}

export class MessageReadDto implements MessageReadRequest {
  @IdField()
  id: number;

  @BoolField({ optional: true })
  read?: boolean;
}
