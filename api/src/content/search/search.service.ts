import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SearchType, type CaseSummary, type NewsSummary, type Paged } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { paged } from '../../core/wire.js';
import { toCaseSummary } from '../cases/cases.mapping.js';
import { countCases, listCases } from '../cases/cases.queries.js';
import { toNewsSummary } from '../news/news.mapping.js';
import { countNews, listNews } from '../news/news.queries.js';
import { caseMatch, newsMatch } from './search.queries.js';

/**
 * Substring search for the desktop search box (literal, see search.queries.ts). The tables are small (hundreds
 * of rows): a scan is fine.
 */
@Injectable()
export class SearchService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  search(keyword: string, type: SearchType, cursor: number, amount: number): Promise<Paged<CaseSummary | NewsSummary>> {
    return type === SearchType.News ? this.news(keyword, cursor, amount) : this.cases(keyword, cursor, amount);
  }

  private async cases(keyword: string, cursor: number, amount: number): Promise<Paged<CaseSummary>> {
    const rows = await listCases(this.db, caseMatch(keyword), cursor, amount);
    return paged(rows.map(toCaseSummary), cursor, await countCases(this.db, caseMatch(keyword)));
  }

  private async news(keyword: string, cursor: number, amount: number): Promise<Paged<NewsSummary>> {
    const rows = await listNews(this.db, newsMatch(keyword), cursor, amount);
    return paged(rows.map(toNewsSummary), cursor, await countNews(this.db, newsMatch(keyword)));
  }
}
