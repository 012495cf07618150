import { SetMetadata } from '@nestjs/common';

export const RAW_RESPONSE = 'raw-response';

/**
 * The handler answers in a third party's format, not the envelope: CKEditor's upload adapter expects `{url}` or
 * `{error: {message}}`, and the messages' export is a file. Everything else is enveloped.
 */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);
