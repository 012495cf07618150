import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Counter, formatExposition, gauge, Histogram, type MetricFamily } from './prometheus.js';
import { runInRequest } from '../request-context.js';
import { routeOf } from './route-label.js';

/** Upper bounds of the latency buckets, in seconds: a cached answer takes well under a millisecond, a render tens. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const TRACKED = Symbol('metrics: when and what was asked');

type Tracked = IncomingMessage & { [TRACKED]?: { started: number; method: string; url: string } };

interface RouteSeries {
  latency: { observe(value: number): void };
  statuses: Map<string, { inc(by?: number): void }>;
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
 * The server's metrics (docs/decisions.md "Observability"): requests and their latency by route label and
 * status, server renders, and what collectors add at scrape time (the published-content cache, the database
 * pool), plus the process's memory, uptime and event-loop delay. Written as Prometheus text at `/api/metrics`.
 */
@Injectable()
export class Metrics implements OnModuleDestroy {
  private readonly requests = new Counter('http_requests_total', 'HTTP answers by route label and status code', [
    'route',
    'status',
  ]);
  private readonly latency = new Histogram(
    'http_request_duration_seconds',
    'Time from the request to the end of its answer, by route label',
    ['route'],
    LATENCY_BUCKETS,
  );
  private readonly renders = new Counter(
    'ssr_renders_total',
    'Server renders of a page: ok, or failed (the page is then rendered in the browser)',
    ['result'],
  );
  private readonly collectors: Array<() => MetricFamily[]> = [];
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });
  private readonly accessLog = new Logger('Access');
  private readonly collectorFailures = new Logger('Metrics');
  private readonly startedAt = Date.now();

  constructor() {
    this.loopDelay.enable();
    // Both series exist from the start, so a rate over them is defined before the first failure.
    this.renders.inc({ result: 'ok' }, 0);
    this.renders.inc({ result: 'failed' }, 0);
  }

  onModuleDestroy(): void {
    this.loopDelay.disable();
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

  /** The series of each route and status met so far (a handful), so that a request allocates nothing for them. */
  private readonly series = new Map<string, RouteSeries>();

  /** Counts an answer that is finished (the `finish` listener that {@link track} adds calls this). */
  answered(req: IncomingMessage, res: ServerResponse): void {
    const { started, method, url } = (req as Tracked)[TRACKED]!;
    const seconds = (performance.now() - started) / 1000;
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const route = routeOf(req, method, path);
    const status = statusLabel(res.statusCode);
    let series = this.series.get(route);
    if (!series) {
      series = { latency: this.latency.child({ route }), statuses: new Map() };
      this.series.set(route, series);
    }
    let requests = series.statuses.get(status);
    if (!requests) {
      requests = this.requests.child({ route, status });
      series.statuses.set(status, requests);
    }
    requests.inc();
    series.latency.observe(seconds);
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

  /** Families read at every scrape (a failing collector is left out of that scrape, never a 500). */
  addCollector(collect: () => MetricFamily[]): void {
    this.collectors.push(collect);
  }

  exposition(): string {
    const families: MetricFamily[] = [this.requests.family(), this.latency.family(), this.renders.family()];
    for (const collect of this.collectors) {
      try {
        families.push(...collect());
      } catch (error) {
        this.collectorFailures.warn(`A metrics collector failed: ${error instanceof Error ? error.message : error}`);
      }
    }
    families.push(...this.processFamilies());
    return formatExposition(families);
  }

  private processFamilies(): MetricFamily[] {
    const memory = process.memoryUsage();
    // The event-loop delay since the previous scrape (monitorEventLoopDelay works in nanoseconds).
    const delay = this.loopDelay;
    const p99 = delay.count > 0 ? delay.percentile(99) / 1e9 : 0;
    const max = delay.count > 0 ? delay.max / 1e9 : 0;
    delay.reset();
    return [
      gauge('process_resident_memory_bytes', 'Resident memory size in bytes', [{ value: memory.rss }]),
      gauge('nodejs_heap_used_bytes', 'V8 heap in use, in bytes', [{ value: memory.heapUsed }]),
      gauge('nodejs_heap_total_bytes', 'V8 heap reserved, in bytes', [{ value: memory.heapTotal }]),
      gauge('process_start_time_seconds', 'Start time of the server since the Unix epoch, in seconds', [
        { value: Math.floor(this.startedAt / 1000) },
      ]),
      gauge('process_uptime_seconds', 'Seconds since the server started', [
        { value: Math.round((Date.now() - this.startedAt) / 1000) },
      ]),
      gauge('nodejs_eventloop_delay_p99_seconds', 'Event-loop delay, 99th percentile since the previous scrape', [
        { value: p99 },
      ]),
      gauge('nodejs_eventloop_delay_max_seconds', 'Longest event-loop delay since the previous scrape', [
        { value: max },
      ]),
    ];
  }
}
