import { SetMetadata } from '@nestjs/common';

export const PUBLIC_READ = 'public-read';

export interface PublicReadOptions {
  /** Answers with keys an outsider chooses freely (search keywords) get a budget of their own in the cache. */
  openEnded?: boolean;
}

/**
 * A public read whose answer depends on nothing but its path and its validated body, and changes only with the
 * published content: answered from the published-content cache as ready bytes, and called in-process by the
 * server render (docs/decisions.md "Published-content cache").
 */
export const PublicRead = (options: PublicReadOptions = {}) => SetMetadata(PUBLIC_READ, options);
