import cluster from 'node:cluster';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { AggregatorRegistry, Counter, Gauge, Registry, type Aggregator } from 'prom-client';
import { runInRequest } from '../request-context.js';
import { clusterExposition } from './cluster-metrics.js';
import { processRegistry } from './process-metrics.js';
import { RequestSeries } from './request-series.js';
import { routeOf } from './route-label.js';

const TRACKED = Symbol('metrics: when and what was asked');

type Tracked = IncomingMessage & { [TRACKED]?: { started: number; method: string; url: string } };

/** Series whose figures are kept elsewhere (a cache's counts, the database pool) and read at each scrape. */
export interface ReadAtScrape {
  type: 'counter' | 'gauge';
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** How the workers' figures combine under WORKERS (prom-client's aggregators): summed unless said otherwise. */
  aggregator?: Aggregator;
  /** Each series' labels and value, now. */
  read(): Iterable<{ labels?: Readonly<Record<string, string>>; value: number }>;
}

/** The `finish` listener of every answer: one function, called with the answer as `this`. */
function countingListener(metrics: Metrics): (this: ServerResponse) => void {
  return function (this: ServerResponse) {
    metrics.answered(this.req, this);
  };
}

/** The statuses written as they are; anything odd (a status a proxy would not expect) is its class. */
function statusLabel(status: number): string {
  return status >= 100 && status <= 599 && Number.isInteger(status) ? String(status) : 'other';
}

/**
 * The server's metrics (docs/decisions.md "Observability"), kept by prom-client: requests and their latency by
 * route label and status, server renders, what collectors read at scrape time (the published-content cache, the
 * database pool…), and the process's own figures (process-metrics.ts). Served as Prometheus text at `/api/metrics`;
 * with WORKERS, summed over every worker (cluster-metrics.ts).
 */
@Injectable()
export class Metrics {
  /** Its own registry (tests run several applications in one process), holding the process's figures too. */
  private readonly registry = Registry.merge([processRegistry()]);
  /** Every answer's figures, counted in plain numbers and read at scrape (request-series.ts says why). */
  private readonly answers = new RequestSeries();
  private readonly renders = new Counter({
    name: 'ssr_renders_total',
    help: 'Server renders of a page: ok, or failed (the page is then rendered in the browser)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly accessLog = new Logger('Access');
  private readonly collectorFailures = new Logger('Metrics');

  constructor() {
    // Both series exist from the start, so a rate over them is defined before the first failure.
    this.renders.inc({ result: 'ok' }, 0);
    this.renders.inc({ result: 'failed' }, 0);
    this.readAtScrape({
      type: 'counter',
      name: 'http_requests_total',
      help: 'HTTP answers by route label and status code',
      labelNames: ['route', 'status'],
      read: () => this.answers.answers(),
    });
    this.answers.registerLatency(this.registry);
    // A worker's figures are what the primary sums (prom-client answers it from this registry).
    if (cluster.isWorker) AggregatorRegistry.setRegistries(this.registry);
  }

  /**
   * Counts the request when its answer is finished (whoever answered it: the cache, Express, Nest), and writes
   * the access line at LOG_LEVEL=debug. Called once, at the start of the raw request listener.
   */
  track(req: IncomingMessage, res: ServerResponse): void {
    // One listener for every answer, not a closure each: this runs for every request, cache hits included.
    (req as Tracked)[TRACKED] = { started: performance.now(), method: req.method ?? 'GET', url: req.url ?? '/' };
    res.on('finish', this.finished);
  }

  private readonly finished = countingListener(this);

  /** Counts an answer that is finished (the `finish` listener that {@link track} adds calls this). */
  answered(req: IncomingMessage, res: ServerResponse): void {
    const { started, method, url } = (req as Tracked)[TRACKED]!;
    const seconds = (performance.now() - started) / 1000;
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const route = routeOf(req, method, path);
    this.answers.count(route, statusLabel(res.statusCode), seconds);
    if (Logger.isLevelEnabled('debug')) {
      const ms = Math.round(seconds * 10_000) / 10;
      // In the request's context: a cache hit is answered outside it, and the line still carries its id.
      runInRequest(req, () =>
        this.accessLog.debug(`${method} ${path.slice(0, 300)} ${res.statusCode} ${ms} ms`, {
          method,
          path: path.slice(0, 300),
          route,
          status: res.statusCode,
          ms,
        }),
      );
    }
  }

  ssrRendered(ok: boolean): void {
    this.renders.inc({ result: ok ? 'ok' : 'failed' });
  }

  /**
   * Adds series read at every scrape. A read that fails keeps the figures of the previous scrape (logged), never
   * fails the scrape: a counter read again later goes on from there.
   */
  readAtScrape({ type, name, help, labelNames = [], aggregator = 'sum', read }: ReadAtScrape): void {
    const failures = this.collectorFailures;
    const config = { name, help, labelNames, aggregator, registers: [this.registry] };
    if (type === 'gauge') {
      new Gauge({
        ...config,
        collect() {
          const samples = readOrKeep(read, failures, name);
          if (samples === null) return;
          this.reset();
          for (const { labels = {}, value } of samples) this.set(labels, value);
        },
      });
    } else {
      new Counter({
        ...config,
        collect() {
          const samples = readOrKeep(read, failures, name);
          if (samples === null) return;
          // The totals are kept elsewhere: the counter is set to them.
          this.reset();
          for (const { labels = {}, value } of samples) this.inc(labels, value);
        },
      });
    }
  }

  /** The content type of {@link exposition}'s text (Prometheus text format 0.0.4). */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text: this process's figures, or with WORKERS every worker's, summed by the primary. */
  exposition(): Promise<string> {
    return cluster.isWorker ? clusterExposition() : this.registry.metrics();
  }
}

/** The samples `read` gives, or null when it failed (logged). */
function readOrKeep(read: ReadAtScrape['read'], failures: Logger, name: string) {
  try {
    return [...read()];
  } catch (error) {
    failures.warn(`Reading ${name} for the metrics failed: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}
