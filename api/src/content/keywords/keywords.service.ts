import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { KeywordRecord } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { failure } from '../../core/api.exception.js';
import { toKeywordRecord } from './keywords.mapping.js';
import { listKeywords, updateKeywordContent } from './keywords.queries.js';

@Injectable()
export class KeywordsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(): Promise<KeywordRecord[]> {
    return (await listKeywords(this.db)).map(toKeywordRecord);
  }

  async update(id: number, content: string): Promise<void> {
    if ((await updateKeywordContent(this.db, id, content)) === 0) throw failure('关键词记录不存在');
  }
}
