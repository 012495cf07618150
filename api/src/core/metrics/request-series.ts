import type { Registry } from 'prom-client';

/** Upper bounds of the latency buckets, in seconds: a cached answer takes well under a millisecond, a render tens. */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One route label's answers: counts by status, and the latency histogram (each bucket on its own, not cumulative). */
export interface RouteFigures {
  readonly statuses: Map<string, { n: number }>;
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * The figures of every answer, counted in plain numbers (docs/decisions.md "Observability"): this runs for every
 * request, cache hits included, where prom-client's own `inc` and `observe` (a label object validated and hashed on
 * each call) cost about a sixth of a cache hit. prom-client's registry reads them at each scrape, writes the text
 * format and sums them over workers as it does its own metrics: `http_requests_total` through a counter read at
 * scrape, `http_request_duration_seconds` through {@link registerLatency}.
 */
export class RequestSeries {
  private readonly routes = new Map<string, RouteFigures>();

  /** Counts one answer. */
  count(route: string, status: string, seconds: number): void {
    let figures = this.routes.get(route);
    if (!figures) {
      figures = { statuses: new Map(), buckets: new Float64Array(LATENCY_BUCKETS.length + 1), sum: 0, count: 0 };
      this.routes.set(route, figures);
    }
    let answers = figures.statuses.get(status);
    if (!answers) {
      answers = { n: 0 };
      figures.statuses.set(status, answers);
    }
    answers.n++;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    figures.buckets[bucket]!++;
    figures.sum += seconds;
    figures.count++;
  }

  /** The answers by route and status, as a counter read at scrape takes them. */
  *answers(): Iterable<{ labels: Record<string, string>; value: number }> {
    for (const [route, figures] of this.routes) {
      for (const [status, answers] of figures.statuses) yield { labels: { route, status }, value: answers.n };
    }
  }

  /**
   * Registers `http_request_duration_seconds` in `registry` as a histogram whose samples are made from these figures
   * at each scrape (a metric as prom-client's registry and its cluster aggregator take them: `get()` answers the
   * samples, `aggregator` says how workers combine).
   */
  registerLatency(registry: Registry): void {
    const metric = {
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by route label',
      type: 'histogram',
      aggregator: 'sum',
    } as const;
    const routes = this.routes;
    registry.registerMetric({
      ...metric,
      get: () =>
        Promise.resolve({
          ...metric,
          values: [...routes].flatMap(([route, figures]) => histogramSamples(route, figures)),
        }),
    } as unknown as Parameters<Registry['registerMetric']>[0]);
  }
}

/** One route's bucket, sum and count samples, as prom-client writes a histogram's (`le` first, cumulative). */
function histogramSamples(route: string, figures: RouteFigures) {
  const samples: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
  let cumulative = 0;
  LATENCY_BUCKETS.forEach((bound, index) => {
    cumulative += figures.buckets[index]!;
    samples.push({
      metricName: 'http_request_duration_seconds_bucket',
      labels: { le: bound, route },
      value: cumulative,
    });
  });
  samples.push({
    metricName: 'http_request_duration_seconds_bucket',
    labels: { le: '+Inf', route },
    value: figures.count,
  });
  samples.push({ metricName: 'http_request_duration_seconds_sum', labels: { route }, value: figures.sum });
  samples.push({ metricName: 'http_request_duration_seconds_count', labels: { route }, value: figures.count });
  return samples;
}
