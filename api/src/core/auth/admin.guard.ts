import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { unauthenticated } from '../api.exception.js';
import { IS_PUBLIC, QUERY_TOKEN } from '../public.decorator.js';
import { type AdminIdentity, AuthService } from './auth.service.js';

declare module 'express-serve-static-core' {
  interface Request {
    admin?: AdminIdentity;
  }
}

/**
 * Global guard: every route needs a valid administrator token in the `token` header unless it is marked
 * `@Public()`. Refusals are code 3, which the back office answers by returning to the login screen.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const req = context.switchToHttp().getRequest<Request>();
    let token = req.get('token');
    if (
      !token &&
      this.reflector.getAllAndOverride<boolean>(QUERY_TOKEN, targets) &&
      typeof req.query.token === 'string'
    ) {
      token = req.query.token;
    }
    if (!token) throw unauthenticated('请先登录');
    const identity = await this.auth.identify(token);
    if (!identity) throw unauthenticated();
    req.admin = identity;
    return true;
  }
}
