import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { Logger } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import { serveClusterScrapes } from './core/metrics/cluster-metrics.js';
import { serverStopping } from './core/server-stopping.js';
import type { EmbeddedDatabase } from './database/embedded-postgres.js';

/**
 * Several server processes on one port (`WORKERS` > 1; docs/decisions.md "Several processes"). This process
 * starts nothing of the application: it forks the workers (each the whole server, main.ts, with its own cache
 * kept fresh by the database's announcements), passes them the database (the embedded one it started and
 * supervises, or DATABASE_URL), replaces a worker that dies, and on SIGTERM or SIGINT lets every worker drain before
 * it stops the embedded database. Node's cluster module shares the listening socket among the workers, and the
 * worker a scrape of `/api/metrics` reaches asks this process for every worker's figures (cluster-metrics.ts).
 */

/** What a worker tells this process. */
export type WorkerMessage = { type: 'ready'; port: number };
/** What this process tells a worker. */
export type PrimaryMessage = { type: 'stop' };

/** A worker that dies this soon after its start waits before it is replaced (no crash loop at full speed). */
const EARLY_DEATH_MS = 10_000;
const RESTART_DELAY_MS = 1_000;
/** Time allowed, after the workers' drain, to close the pools and stop the embedded PostgreSQL. */
const SHUTDOWN_MARGIN_MS = 20_000;

const logger = new Logger('Workers');

export async function runPrimary(
  config: AppConfig,
  databaseUrl: string,
  embedded: EmbeddedDatabase | null,
  startedAt: number,
): Promise<void> {
  cluster.setupPrimary({
    exec: fileURLToPath(new URL('./main.js', import.meta.url)),
    // Each worker answers the primary's requests for its metrics from its first moment (cluster-metrics.ts).
    execArgv: [...process.execArgv, '--import', new URL('./core/metrics/cluster-metrics.js', import.meta.url).href],
  });
  serveClusterScrapes();
  const env = { DATABASE_URL: databaseUrl, DATABASE_PASSWORD: '' };
  const started = new Map<Worker, number>();
  /** The workers serving: the others are starting, and stop only when killed (main.ts listens to `stop` later). */
  const serving = new Set<Worker>();
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork(env);
    started.set(worker, Date.now());
    worker.on('message', (message: WorkerMessage) => {
      if (message?.type === 'ready') serving.add(worker);
    });
    return worker;
  };
  const ready = (worker: Worker) =>
    new Promise<number>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message?.type === 'ready') resolve(message.port);
      });
      worker.once('exit', (code, signal) => reject(new Error(`worker exited during start (${signal ?? code})`)));
    });
  // The embedded PostgreSQL died and could not be started again (it logged why).
  const lost = embedded?.lost.then(() => {
    throw new Error('the embedded PostgreSQL could not be started again');
  });

  let port: number;
  try {
    // The first worker migrates and seeds the database alone; the others start once it is ready.
    const starting = (async () => {
      const first = await ready(fork());
      await Promise.all(Array.from({ length: config.workers - 1 }, () => ready(fork())));
      return first;
    })();
    port = await Promise.race(lost ? [starting, lost] : [starting]);
  } catch (error) {
    serverStopping();
    logger.error(`The server did not start: ${error instanceof Error ? error.message : String(error)}`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGKILL');
    await embedded?.stop();
    process.exit(1);
  }
  logger.log(`Ready in ${Date.now() - startedAt} ms: http://localhost:${port}/ (${config.workers} workers)`);

  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    serving.delete(worker);
    if (stopping) return;
    logger.error(`Worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    const delay = Date.now() - since < EARLY_DEATH_MS ? RESTART_DELAY_MS : 0;
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const shutdown = async (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    // The embedded PostgreSQL going away from here on is the stop (Ctrl-C reaches it too), not a crash.
    serverStopping();
    logger.log(`${reason}, stopping ${started.size} workers`);
    setTimeout(() => {
      logger.error('Shutdown did not complete in time; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + SHUTDOWN_MARGIN_MS).unref();
    const workers = [...started.keys()];
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            // One still starting (a replacement, say, waiting for the database) serves nothing and does not listen
            // for `stop` yet: the signal ends it.
            if (!serving.has(worker)) return void worker.process.kill('SIGTERM');
            // A worker that got the terminal's signal itself is stopping already and ignores this.
            worker.send({ type: 'stop' } satisfies PrimaryMessage, () => undefined);
          }),
      ),
    );
    try {
      await embedded?.stop();
    } finally {
      process.exit(code);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void shutdown(`${signal} received`));
  }
  void embedded?.lost.then(() => shutdown('The embedded PostgreSQL could not be started again', 1));
}
