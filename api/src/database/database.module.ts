import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import pg from 'pg';
import { DatabaseLogger } from './database-logger.js';
import { migrations } from './migrations/index.js';
import { PoolClient } from './pool-client.js';
import { SeedService } from './seed.service.js';

const PG_DATE_OID = 1082;

/**
 * PostgreSQL through TypeORM's pool and migration runner, without entities: the schema is the migrations' SQL and
 * every statement lives in a `*.queries.ts` (docs/decisions.md). Migrations run at start (never `synchronize`),
 * then the seed fills an empty database (see SeedService).
 */
@Module({})
export class DatabaseModule {
  static register(url: string): DynamicModule {
    // `date` columns travel as `yyyy-MM-dd` (the wire's create_time), not as a JS Date in the server's time zone.
    pg.types.setTypeParser(PG_DATE_OID, (value: string) => value);
    const logger = new DatabaseLogger();
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          type: 'postgres',
          url,
          entities: [],
          migrations,
          migrationsRun: true,
          migrationsTransactionMode: 'all',
          synchronize: false,
          logging: ['error', 'warn', 'migration'],
          logger,
          poolErrorHandler: (error: Error) => logger.poolError(error),
          // Fail fast while the database is unreachable (the call answers 503) instead of queueing for ever.
          extra: {
            max: 10,
            application_name: 'yunfan-site',
            connectionTimeoutMillis: 3000,
            query_timeout: 15_000,
            Client: PoolClient,
          },
        }),
      ],
      providers: [SeedService],
    };
  }
}
