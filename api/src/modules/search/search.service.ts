import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SearchType, type CaseSummary, type NewsSummary, type Paged } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { CASE_LIST_ORDER, CASE_SUMMARY_COLUMNS } from '../cases/case-sql.js';
import { NEWS_LIST_ORDER, NEWS_SUMMARY_COLUMNS } from '../news/news-sql.js';

/**
 * Substring search for the desktop search box. `position()` matches the keyword literally, so `%`, `_` and
 * `\` in it are ordinary characters (no LIKE pattern is ever built from user input). Case-insensitive for
 * Latin letters; Chinese has no case. The tables are small (hundreds of rows): a scan is fine.
 */
@Injectable()
export class SearchService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  search(keyword: string, type: SearchType, cursor: number, amount: number): Promise<Paged<CaseSummary | NewsSummary>> {
    return type === SearchType.News ? this.news(keyword, cursor, amount) : this.cases(keyword, cursor, amount);
  }

  private async cases(keyword: string, cursor: number, amount: number): Promise<Paged<CaseSummary>> {
    const where = `position(lower($1) in lower(c.name)) > 0
      OR position(lower($1) in lower(c.intro)) > 0
      OR position(lower($1) in lower(c.scene)) > 0`;
    const data = (await this.db.query(
      `SELECT ${CASE_SUMMARY_COLUMNS} FROM "case" c WHERE ${where} ORDER BY ${CASE_LIST_ORDER} LIMIT $2 OFFSET $3`,
      [keyword, amount, cursor],
    )) as CaseSummary[];
    return {
      data,
      page: cursor + data.length,
      sum: await this.count(`SELECT count(*)::int AS sum FROM "case" c WHERE ${where}`, keyword),
    };
  }

  private async news(keyword: string, cursor: number, amount: number): Promise<Paged<NewsSummary>> {
    const where = `position(lower($1) in lower(n.title)) > 0 OR position(lower($1) in lower(n.intro)) > 0`;
    const data = (await this.db.query(
      `SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n WHERE ${where} ORDER BY ${NEWS_LIST_ORDER} LIMIT $2 OFFSET $3`,
      [keyword, amount, cursor],
    )) as NewsSummary[];
    return {
      data,
      page: cursor + data.length,
      sum: await this.count(`SELECT count(*)::int AS sum FROM news n WHERE ${where}`, keyword),
    };
  }

  private async count(sql: string, keyword: string): Promise<number> {
    const [row] = (await this.db.query(sql, [keyword])) as { sum: number }[];
    return row?.sum ?? 0;
  }
}
