import {
  EMAIL_PATTERN,
  LEAD_LIMITS,
  LEAD_TEXTS,
  MESSAGE_EXPORT_FORMATS,
  PHONE_PATTERN,
  type AdminListRequest,
  type LeaveWordRequest,
  type MessageExportFormat,
  type MessageExportRequest,
  type MessageReadRequest,
} from '@site/shared-types';
import { Matches, ValidateIf } from 'class-validator';
import { BoolField, IdField, OneOfTextField, PageField, TextField } from '../../../core/validation.js';

/** The contact form's rules: the limits are the forms' own (`LEAD_LIMITS`, docs/behaviour.md#contact-form). */
export class LeaveWordDto implements LeaveWordRequest {
  @TextField(LEAD_LIMITS.name, { min: 1, label: '姓名' })
  name: string;

  // Decorators apply bottom-up: the length rules (listed last) report before the format.
  @Matches(PHONE_PATTERN, { message: LEAD_TEXTS.phoneInvalid })
  @TextField(LEAD_LIMITS.phone, { min: 1, label: '电话' })
  phone: string;

  @ValidateIf((dto: LeaveWordDto) => dto.email !== undefined && dto.email !== '')
  @Matches(EMAIL_PATTERN, { message: LEAD_TEXTS.emailInvalid })
  @TextField(LEAD_LIMITS.email, { optional: true, label: '邮箱' })
  email?: string;

  @TextField(LEAD_LIMITS.address, { optional: true, label: '地址' })
  address?: string;

  @TextField(LEAD_LIMITS.content, { min: 1, label: '留言内容' })
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

export class MessageExportDto implements MessageExportRequest {
  @OneOfTextField(MESSAGE_EXPORT_FORMATS)
  format: MessageExportFormat;

  @TextField(50, { optional: true })
  search?: string;
}

export class MessageReadDto implements MessageReadRequest {
  @IdField()
  id: number;

  @BoolField({ optional: true })
  read?: boolean;
}
