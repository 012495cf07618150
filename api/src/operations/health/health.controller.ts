import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../../core/public.decorator.js';
import { ping } from '../../core/sql.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

@ApiTags('public')
@Public()
@Controller('api')
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** For load balancers and the container health check: HTTP 503 while the database does not answer. */
  @Get('health')
  @ApiOperation({ summary: 'Health check: HTTP 503 while the database does not answer' })
  async health(): Promise<{ status: 'ok'; database: 'up' }> {
    try {
      await ping(this.db);
    } catch {
      throw new ServiceUnavailableException();
    }
    return { status: 'ok', database: 'up' };
  }
}
