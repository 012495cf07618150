import { SetMetadata } from '@nestjs/common';

export const RESPONSE_MESSAGE = 'response-message';
export const DEFAULT_SUCCESS_MESSAGE = '成功';

/** The `msg` of a successful answer of this handler (e.g. 保存成功); the default is 成功. */
export const ResponseMessage = (message: string) => SetMetadata(RESPONSE_MESSAGE, message);
