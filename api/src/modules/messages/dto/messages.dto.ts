import type { AdminListRequest, LeaveWordRequest, MessageReadRequest } from '@site/shared-types';
import { Matches, ValidateIf } from 'class-validator';
import { BoolField, IdField, PageField, TextField } from '../../../core/validation.js';

/** Mainland mobile, landline (with area code, optional extension) or 400/800 numbers; spaces and dashes allowed. */
export const PHONE = /^(\+?86[- ]?)?(1[3-9]\d{9}|0\d{2,3}[- ]?\d{7,8}([- ]?\d{1,6})?|[48]00[- ]?\d{3}[- ]?\d{4})$/;
const EMAIL = /^[^\s@<>"']{1,64}@[^\s@<>"']+\.[^\s@<>"']{2,}$/;

export class LeaveWordDto implements LeaveWordRequest {
  @TextField(30, { min: 1, label: '姓名' })
  name: string;

  // Decorators apply bottom-up: the length rules (listed last) report before the format.
  @Matches(PHONE, { message: '请填写正确的手机号或固定电话' })
  @TextField(30, { min: 1, label: '电话' })
  phone: string;

  @ValidateIf((dto: LeaveWordDto) => dto.email !== undefined && dto.email !== '')
  @Matches(EMAIL, { message: '请填写正确的邮箱地址' })
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
