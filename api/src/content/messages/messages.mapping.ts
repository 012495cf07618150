import type { LeaveWordRequest, Message } from '@site/shared-types';
import type { ClientInfo } from '../../core/client-info.js';
import { pick } from '../../core/wire.js';
import type { MessageRow, NewMessage } from './messages.queries.js';

export function toMessage(row: MessageRow): Message {
  return pick(row, ['id', 'name', 'phone', 'email', 'address', 'content', 'page', 'read', 'create_time']);
}

/** What a visitor's form stores: optional fields as empty text, the client's address and browser cut to their columns. */
export function toNewMessage(form: LeaveWordRequest, client: ClientInfo): NewMessage {
  return {
    name: form.name,
    phone: form.phone,
    email: form.email ?? '',
    address: form.address ?? '',
    content: form.content,
    page: form.page ?? '',
    ip: client.ip.slice(0, 64),
    userAgent: client.userAgent.slice(0, 300),
  };
}
