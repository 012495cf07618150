import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { AccessLevel } from '@site/shared-types';

export const ACCESS = 'access-level';

/**
 * What an admin call needs (docs/behaviour.md#accounts-and-roles): every call that is not `@Public()` declares one,
 * and `AdminGuard` refuses a call without one to everybody. The OpenAPI document names it as `x-access`, so the
 * role matrix test can try every call with every role.
 */
export const Access = (level: AccessLevel) =>
  applyDecorators(SetMetadata(ACCESS, level), ApiExtension('x-access', level));
