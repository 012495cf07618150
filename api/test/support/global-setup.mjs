// One PostgreSQL server for the whole API test run: the one DATABASE_URL points at (its user needs CREATEDB and CREATEROLE),
// or an embedded cluster in a fresh folder under the system temp dir. Each test file then creates and drops its
// own database (test-app.ts), so files never see each other's data.
//
// Plain ESM on purpose: Jest loads global setup outside its module mapper, so it cannot import the TypeScript
// sources; it uses the built server code instead (`npm run test:api` builds first).
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../dist/src/database/embedded-postgres.js';

export default async function globalSetup() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'yunfan-site-tests-'));
  // mkdtemp makes the folder 0700; when root runs the tests, the postgres user must be able to enter it.
  await fs.chmod(root, 0o755);
  process.env.TEST_ROOT = root;

  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const database = await startEmbeddedPostgres({ dataDir: path.join(root, 'data'), database: 'postgres' });
  process.env.TEST_ADMIN_DATABASE_URL = database.url;
  globalThis.__embeddedTestDatabase = database;
}
