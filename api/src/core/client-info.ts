import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** The caller's address (honouring TRUST_PROXY) and user agent. */
export const Client = createParamDecorator((_data: unknown, context: ExecutionContext): ClientInfo => {
  const req = context.switchToHttp().getRequest<Request>();
  return { ip: req.ip ?? req.socket.remoteAddress ?? '', userAgent: req.get('user-agent') ?? '' };
});
