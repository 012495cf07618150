import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { unauthenticated } from '../api.exception.js';
import type { AdminIdentity } from './auth.service.js';

/** The administrator AdminGuard identified for this request. */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): AdminIdentity => {
  const admin = context.switchToHttp().getRequest<Request>().admin;
  if (!admin) throw unauthenticated();
  return admin;
});
