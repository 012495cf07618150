import { monitorEventLoopDelay } from 'node:perf_hooks';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';

/**
 * The process's own figures, in a registry made once per process (tests run several applications in one): prom-client's
 * default metrics (CPU, memory, file descriptors, event-loop lag, heap spaces, garbage collection, the Node version),
 * plus the series this server wrote before it used prom-client, which dashboards read: `nodejs_heap_used_bytes`,
 * `nodejs_heap_total_bytes`, `process_uptime_seconds`, `nodejs_eventloop_delay_p99_seconds` and `_max_seconds`.
 * Each says how the workers' figures combine under WORKERS (cluster-metrics.ts): memory is summed, the event-loop delay
 * is the worst worker's, and the start time the latest start, since the summed counters restart with that worker.
 */
let registry: Registry | undefined;

export function processRegistry(): Registry {
  registry ??= makeProcessRegistry();
  return registry;
}

function makeProcessRegistry(): Registry {
  const made = new Registry();
  collectDefaultMetrics({ register: made });
  // prom-client's start time is left out of a sum over workers ('omit'): this one stays, as the latest start.
  made.removeSingleMetric('process_start_time_seconds');
  const startedAt = Math.floor(Date.now() / 1000 - process.uptime());
  const registers = [made];
  new Gauge({
    name: 'process_start_time_seconds',
    help: 'Start time of the process since the Unix epoch, in seconds (with several workers: the latest start)',
    aggregator: 'max',
    registers,
    collect() {
      this.set(startedAt);
    },
  });
  new Gauge({
    name: 'process_uptime_seconds',
    help: 'Seconds since the process started (with several workers: the youngest)',
    aggregator: 'min',
    registers,
    collect() {
      this.set(Math.round(process.uptime()));
    },
  });
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'V8 heap in use, in bytes',
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new Gauge({
    name: 'nodejs_heap_total_bytes',
    help: 'V8 heap reserved, in bytes',
    registers,
    collect() {
      this.set(process.memoryUsage().heapTotal);
    },
  });
  // The event-loop delay since the previous scrape (monitorEventLoopDelay works in nanoseconds): the p99 is read
  // first, and the max gauge, registered after it, starts the next period.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  new Gauge({
    name: 'nodejs_eventloop_delay_p99_seconds',
    help: 'Event-loop delay, 99th percentile since the previous scrape (with several workers: the worst)',
    aggregator: 'max',
    registers,
    collect() {
      this.set(delay.count > 0 ? delay.percentile(99) / 1e9 : 0);
    },
  });
  new Gauge({
    name: 'nodejs_eventloop_delay_max_seconds',
    help: 'Longest event-loop delay since the previous scrape (with several workers: the worst)',
    aggregator: 'max',
    registers,
    collect() {
      this.set(delay.count > 0 ? delay.max / 1e9 : 0);
      delay.reset();
    },
  });
  return made;
}
