import { type CanActivate, type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type AccessLevel, NO_PERMISSION, roleMay, TWO_STEP_SETUP_FIRST } from '@site/shared-types';
import type { Request } from 'express';
import { unauthenticated } from '../api.exception.js';
import { IS_PUBLIC, QUERY_TOKEN } from '../public.decorator.js';
import { ACCESS } from './access.decorator.js';
import { type AdminIdentity, AuthService } from './auth.service.js';

declare module 'express-serve-static-core' {
  interface Request {
    admin?: AdminIdentity;
  }
}

/**
 * Global guard: every route needs a valid token in the `token` header unless it is marked `@Public()`, and the
 * account's role must hold the level the route declares with `@Access()` (docs/behaviour.md#accounts-and-roles). A
 * route that declares none is refused to everybody. Refusals are code 3 with a Chinese message.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  private readonly logger = new Logger('AdminGuard');

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

    const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS, targets);
    if (!level) {
      this.logger.error(`${req.method} ${req.path} declares no access level: refused to everybody`);
      throw unauthenticated(NO_PERMISSION);
    }
    if (!roleMay(identity.role, level)) throw unauthenticated(NO_PERMISSION);
    if (identity.twoStepSetupRequired && level !== 'session') throw unauthenticated(TWO_STEP_SETUP_FIRST);
    return true;
  }
}
