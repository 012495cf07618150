import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'is-public';
export const QUERY_TOKEN = 'query-token';

/** Open to everyone. Every other route needs an administrator's token (AdminGuard is global). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Also accepts the token as `?token=` (only the rich-text editor's upload, whose URL carries it). */
export const AllowQueryToken = () => SetMetadata(QUERY_TOKEN, true);
