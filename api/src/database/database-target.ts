import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { redactUrl, type AppConfig } from '../config/config.js';
import { EmbeddedDatabaseError, startEmbeddedPostgres } from './embedded-postgres.js';

/** There is no database where the configuration points: the site was never started on that data folder. */
export class NoDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoDatabaseError';
  }
}

/** What opening the database throws with a message that says it all (a command prints it as it is). */
export const DATABASE_ERRORS = [NoDatabaseError, EmbeddedDatabaseError] as const;

/** The database a command works on (a backup, a restore, a release switch…), for as long as it needs it. */
export interface OpenDatabase {
  url: string;
  /** For the command's output (no password). */
  description: string;
  close(): Promise<void>;
}

/**
 * The configured database: `DATABASE_URL`; or the embedded cluster in `DATA_DIR/postgres`, through the port of
 * the server that `npm start` runs on it (its `postmaster.pid` names it), or started for the command's duration
 * when nothing runs it. `create`: an empty data folder gets a new cluster (restore); otherwise it is an error
 * whose message names the command's `job` ("to back up", "to list releases from"…).
 */
export async function openConfiguredDatabase(
  config: AppConfig,
  options: { create: boolean; job: string; log: (line: string) => void },
): Promise<OpenDatabase> {
  if (config.databaseUrl !== null) {
    return { url: config.databaseUrl, description: redactUrl(config.databaseUrl), close: async () => undefined };
  }
  const clusterDir = path.join(config.dataDir, 'postgres');
  const running = runningPort(clusterDir);
  if (running !== null) {
    const password = readFileSync(path.join(config.dataDir, 'postgres.password'), 'utf8').trim();
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running}/site`,
      description: `the embedded PostgreSQL running in ${clusterDir} (port ${running})`,
      close: async () => undefined,
    };
  }
  if (!options.create && !existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new NoDatabaseError(
      `There is no database in ${config.dataDir} (DATA_DIR) ${options.job}: the site has not been started on ` +
        'this folder yet. Set DATA_DIR to the folder the site runs on, or DATABASE_URL to its PostgreSQL.',
    );
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: options.log });
  return {
    url: embedded.url,
    description: `the embedded PostgreSQL in ${clusterDir} (started for this command)`,
    close: () => embedded.stop(),
  };
}

/**
 * The port of a live PostgreSQL server on `clusterDir`, from its lock file (line 4 is the port); `null` when
 * none runs. Such a server must be used as it is: starting another would stop it (embedded-postgres.ts).
 */
function runningPort(clusterDir: string): number | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return port;
}
