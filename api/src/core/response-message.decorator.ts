import { SetMetadata, type Type } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

export const RESPONSE_MESSAGE = 'response-message';
export const DEFAULT_SUCCESS_MESSAGE = '成功';

/** The `msg` of a successful answer of this handler (e.g. 保存成功); the default is 成功. */
export const ResponseMessage = (message: string) => SetMetadata(RESPONSE_MESSAGE, message);

/** The success message of a handler: its own, its controller's, or 成功. */
export function successMessage(reflector: Reflector, handler: object, controller: Type<unknown>): string {
  return (
    reflector.getAllAndOverride<string | undefined>(RESPONSE_MESSAGE, [handler as () => void, controller]) ??
    DEFAULT_SUCCESS_MESSAGE
  );
}
