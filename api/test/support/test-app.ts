import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { LoggerService, LogLevel } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import pg from 'pg';
import request from 'supertest';
import { AppModule } from '../../src/app.module.js';
import { configureApp } from '../../src/app.setup.js';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import { ContentVersion } from '../../src/delivery/reads/content-version.js';

/** The administrator every test app starts with. */
export const TEST_ADMIN = { email: 'admin@yunfan.example.com', password: 'Test-Admin-2026!' };

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  config: AppConfig;
  databaseUrl: string;
  /**
   * Runs SQL against this file's database (for arranging and inspecting state); after a write, the app's cache
   * knows of it before the next request.
   */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_ADMIN_DATABASE_URL;
  if (!url) throw new Error('TEST_ADMIN_DATABASE_URL is not set: run the API tests through `npm run test:api`');
  return url;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Boots the real AppModule (migrations, seed, every module) on a database of its own, with the same
 * Express pipeline as the server. `env` overrides configuration variables.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    reuse?: TestApp;
    databaseUrl?: string;
    logger?: LoggerService | LogLevel[];
    /** Let the release service work in the background; otherwise a test calls its `tick()` when it wants. */
    watchReleases?: boolean;
    /** Publish scheduled items when due; otherwise a test calls `PublishSchedule.publishDue()` when it wants. */
    schedulePublishing?: boolean;
  } = {},
): Promise<TestApp> {
  // `reuse` boots a second application on another app's database (a restart); only the owner drops it.
  // `databaseUrl` boots on a database the caller made (its own cluster, or createTestDatabase), which the caller drops.
  const given = options.reuse?.databaseUrl ?? options.databaseUrl;
  const name = given ? null : `test_${randomBytes(6).toString('hex')}`;
  if (name) await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl());
  if (name) url.pathname = `/${name}`;
  const databaseUrl = given ?? url.toString();

  const root = process.env.TEST_ROOT ?? '/tmp';
  const config = loadConfig({
    DATA_DIR: path.join(root, 'files'),
    LOG_LEVEL: 'error',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // The tests' site names: trusted in links like a real site's ALLOWED_HOSTS (a forged Host is not); the main
    // one written out, as only such names are kept by the page cache.
    ALLOWED_HOSTS: 'www.yunfan.test,.yunfan.test',
    ...env,
  });
  // Off by default: its first round smoke-renders pages, which a test counting queries would see.
  config.releases.watch = options.watchReleases ?? false;
  config.publishing.schedule = options.schedulePublishing ?? false;

  const moduleRef = await Test.createTestingModule({ imports: [AppModule.register(config, databaseUrl)] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bodyParser: false,
    // A file that reads the log passes its own logger (an AppLogger writing to a list).
    logger: options.logger ?? ['error'],
  });
  configureApp(app, config);
  await app.init();

  const contentVersion = app.get(ContentVersion, { strict: false });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // An idle connection ended by the server (its database dropped at the end of a file) is not a test failure.
  pool.on('error', () => undefined);
  return {
    app,
    http: request(app.getHttpServer()),
    config,
    databaseUrl,
    sql: async <T>(text: string, params: unknown[] = []) => {
      const { rows } = await pool.query(text, params);
      // A write made here reaches the app's cache through PostgreSQL's announcement, which a busy machine may
      // deliver after the test's next request: the app is made to look, as it does after its own writes.
      if (!/^\s*select\b/i.test(text)) await contentVersion.check();
      return rows as T[];
    },
    close: async () => {
      await pool.end();
      await app.close();
      if (name) await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A new empty database on the tests' server (no migrations run), and how to drop it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
