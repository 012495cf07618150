import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SEARCH_RESULTS_LIMIT, SearchType, type CaseSummary, type NewsSummary, type Paged } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { listStart, pagedAfter } from '../../core/list-cursor.js';
import { toCaseSummary } from '../cases/cases.mapping.js';
import { listCases } from '../cases/cases.queries.js';
import { toNewsSummary } from '../news/news.mapping.js';
import { listNews } from '../news/news.queries.js';
import { containing, countUpTo, indexedContaining, keywordShare, type SearchTable } from './search.queries.js';

/**
 * A keyword at least this common among the newest entries is tested on the entries in list order, for a step;
 * a rarer one is looked up in the search grams' index (search.queries.ts).
 */
const WALK_STEP_SHARE = 0.01;
/** The same for the total, which reads up to {@link SEARCH_RESULTS_LIMIT} matches rather than one step's. */
const WALK_COUNT_SHARE = 0.1;

/**
 * Substring search for the desktop search box (literal, see search.queries.ts): the newest matches first, in the
 * lists' order. `sum` counts the matches up to {@link SEARCH_RESULTS_LIMIT}, where the list stops
 * (docs/decisions.md "A large site").
 */
@Injectable()
export class SearchService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async search(
    keyword: string,
    type: SearchType,
    cursor: number,
    amount: number,
  ): Promise<Paged<CaseSummary | NewsSummary>> {
    const table: SearchTable = type === SearchType.News ? 'news' : 'case';
    const share = await keywordShare(this.db, table, keyword);
    const step = share >= WALK_STEP_SHARE ? containing(table, keyword) : indexedContaining(table, keyword);
    const total = share >= WALK_COUNT_SHARE ? containing(table, keyword) : indexedContaining(table, keyword);
    const start = listStart(cursor);
    const [rows, sum] = await Promise.all([
      table === 'news'
        ? listNews(this.db, step, start, amount).then((found) => found.map(toNewsSummary))
        : listCases(this.db, step, start, amount).then((found) => found.map(toCaseSummary)),
      countUpTo(this.db, table, total, SEARCH_RESULTS_LIMIT),
    ]);
    return pagedAfter<CaseSummary | NewsSummary>(rows, cursor, sum);
  }
}
