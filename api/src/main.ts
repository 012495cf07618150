import 'reflect-metadata';
import cluster from 'node:cluster';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { AppLogger } from './core/app-logger.js';
import { drainHttp } from './core/http-drain.js';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { reportUnlessStopping, serverStopping } from './core/server-stopping.js';
import { EmbeddedDatabaseError, startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres.js';
import { runPrimary, type PrimaryMessage, type WorkerMessage } from './workers.js';

const logger = new Logger('Server');

/** Time allowed, after the requests' drain, to close the pool and stop the embedded PostgreSQL. */
const SHUTDOWN_MARGIN_MS = 20_000;

async function main(): Promise<void> {
  const startedAt = Date.now();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // Every line from here on, the database start included, goes through the configured logger.
  const appLogger = new AppLogger(loggerLevels(config), { format: config.logFormat });
  Logger.overrideLogger(appLogger);

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (databaseUrl === null) {
    try {
      // Supervised: this process (the primary, with several) starts it again should its server die.
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        ...config.embeddedPostgres,
        log: (line, level) => (level ? logger[level](line) : logger.log(line)),
        supervise: true,
      });
    } catch (error) {
      if (error instanceof EmbeddedDatabaseError) fail(error.message);
      throw error;
    }
    databaseUrl = embedded.url;
  }
  // Several processes: this one forks and watches them (workers.ts); each worker runs the rest of this function.
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config, databaseUrl, embedded, startedAt);

  // The embedded PostgreSQL died and could not be started again (it logged why): the site ends with code 1, at once
  // while it starts, through the orderly stop once it serves.
  let databaseLost = (): void => {
    serverStopping();
    process.exit(1);
  };
  void embedded?.lost.then(() => databaseLost());

  let app: NestExpressApplication | undefined;
  try {
    app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, databaseUrl), {
      bodyParser: false,
      logger: appLogger,
      // Signals are handled below, so that the database stops only after the HTTP server and pool closed.
      abortOnError: false,
    });
    configureApp(app, config);
    await app.listen(config.port, config.host);
  } catch (error) {
    serverStopping();
    if ((error as { code?: unknown }).code === 'EADDRINUSE') {
      logger.error(
        `Port ${config.port} on ${config.host} is already in use (is the site already running?). ` +
          `Stop the other server, or start this one on another port, e.g. PORT=${config.port + 1} npm start`,
      );
    } else {
      logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    // The application's background work and pool end before the database does: a connection cut under a client
    // that does not expect it would end the process with a stack trace instead of the message above.
    await app?.close().catch(() => undefined);
    await embedded?.stop();
    process.exit(1);
  }

  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (cluster.isWorker) {
    logger.log(`Worker ${process.pid} ready`);
    process.send?.({ type: 'ready', port } satisfies WorkerMessage);
  } else logger.log(`Ready in ${Date.now() - startedAt} ms: http://localhost:${port}/`);

  for (const event of ['uncaughtException', 'unhandledRejection'] as const) process.on(event, uncaught);

  let stopping = false;
  let exitCode = 0;
  const server = app.getHttpServer();
  const shutdown = async (reason: string, code = 0) => {
    if (stopping) {
      // A second signal (Ctrl-C pressed again) does not wait for the requests under way.
      server.closeAllConnections();
      return;
    }
    stopping = true;
    exitCode = code;
    serverStopping();
    logger.log(`${reason}, shutting down`);
    // The last resort, should closing the pool or stopping PostgreSQL hang: the next start recovers either.
    setTimeout(() => {
      logger.error('Shutdown did not complete in time; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + SHUTDOWN_MARGIN_MS).unref();
    try {
      // New connections are refused from here on; the requests under way finish with the pool still open.
      const { drained, cut } = await drainHttp(server, config.shutdownTimeoutMs);
      if (!drained) {
        logger.warn(`${cut} connection(s) still open after SHUTDOWN_TIMEOUT_MS=${config.shutdownTimeoutMs} were cut`);
      }
      await app.close();
      await embedded?.stop();
    } finally {
      process.exit(exitCode);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void shutdown(`${signal} received`));
  }
  databaseLost = () => void shutdown('The embedded PostgreSQL could not be started again', 1);
  // A worker is stopped by its primary (which stops the embedded database once every worker has drained).
  process.on('message', (message: PrimaryMessage) => {
    if (message?.type === 'stop' && !stopping) void shutdown('SIGTERM received');
  });
}

/**
 * A failure nothing caught ends the process with code 1, as Node's default would, but through the logger. One that
 * is the database going away is judged as the background jobs' are: the server's own stop explains it (Ctrl-C reaches
 * the embedded PostgreSQL too), and then the orderly stop goes on and stops the database properly.
 */
function uncaught(error: unknown): void {
  reportUnlessStopping(error, () => {
    logger.error(`Uncaught failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}

function loggerLevels(config: AppConfig): Array<'error' | 'warn' | 'log' | 'debug'> {
  const order = ['error', 'warn', 'log', 'debug'] as const;
  return order.slice(0, order.indexOf(config.logLevel) + 1);
}

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

await main();
