import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { KeywordRecord } from '@site/shared-types';
import { Repository } from 'typeorm';
import { failure } from '../../core/api.exception.js';
import { KeywordEntity } from './keyword.entity.js';

@Injectable()
export class KeywordsService {
  constructor(@InjectRepository(KeywordEntity) private readonly keywords: Repository<KeywordEntity>) {}

  async list(): Promise<KeywordRecord[]> {
    const rows = await this.keywords.find({ order: { id: 'ASC' } });
    return rows.map(({ id, keywords, content }) => ({ id, keywords, content }));
  }

  async update(id: number, content: string): Promise<void> {
    const result = await this.keywords.update({ id }, { content });
    if (!result.affected) throw failure('关键词记录不存在');
  }
}
