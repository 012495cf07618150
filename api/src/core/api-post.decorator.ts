import { applyDecorators, HttpCode, Post } from '@nestjs/common';

/** A POST call of the API: answers HTTP 200 (the client requires 200; Nest's POST default is 201). */
export const ApiPost = (path: string) => applyDecorators(Post(path), HttpCode(200));
