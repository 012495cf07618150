import type { SiteBlockKey, SiteBlocks } from '@site/shared-types';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AboutBlockDto, ContactBlockDto, FooterBlockDto, HeaderBlockDto, HomeBlockDto } from './dto/site-blocks.dto.js';
import { EMPTY_BLOCKS } from './site-blocks.js';

/** The DTO every save of a block is validated with; reads check stored blocks against the same rules. */
export const BLOCK_DTOS: { [K in SiteBlockKey]: new () => object } = {
  header: HeaderBlockDto,
  footer: FooterBlockDto,
  home: HomeBlockDto,
  about: AboutBlockDto,
  contact: ContactBlockDto,
};

/**
 * A stored block as the public pages may use it: each top-level section that is missing or does not pass the
 * block's validation (a row written before saves were validated as a whole, or edited by hand) is replaced by
 * its empty default, which the pages leave out. A damaged section never breaks a public answer.
 */
export function conformBlock<K extends SiteBlockKey>(key: K, stored: unknown): SiteBlocks[K] {
  const fallback = EMPTY_BLOCKS[key];
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return fallback;
  const errors = validateSync(plainToInstance(BLOCK_DTOS[key], stored));
  const damaged = new Set(errors.map((error) => error.property));
  const block = { ...fallback };
  for (const section of Object.keys(fallback) as Array<keyof SiteBlocks[K]>) {
    if (!damaged.has(String(section)) && section in stored) block[section] = (stored as SiteBlocks[K])[section];
  }
  return block;
}
