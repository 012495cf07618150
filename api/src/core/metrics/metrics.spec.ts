import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { Metrics } from './metrics.service.js';

/** An answer to `method url` finishing with `status` (what Node's `finish` event gives the listener). */
function answer(metrics: Metrics, url: string, status: number, method = 'GET'): void {
  const req = { method, url, headers: {} } as IncomingMessage;
  const res = Object.assign(new EventEmitter(), { req, statusCode: status }) as unknown as ServerResponse;
  metrics.track(req, res);
  res.emit('finish');
}

/** The samples of an exposition text by series (name and labels as written), its comments and blank lines left out. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    found.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return found;
}

const registryOf = (metrics: Metrics) => (metrics as unknown as { registry: Registry }).registry;

describe('Metrics', () => {
  // No access lines (written at debug) among the test's output.
  beforeAll(() => Logger.overrideLogger(['error']));

  it('should count answers by route label and status, with the latency buckets the dashboards know', async () => {
    const metrics = new Metrics();
    answer(metrics, '/api/no-such-call?x=1', 404);
    answer(metrics, '/about.html', 200);
    answer(metrics, '/about.html?from=menu', 200);
    answer(metrics, '/assets/app.js', 700);
    const text = await metrics.exposition();
    const found = samples(text);
    expect(found.get('http_requests_total{route="api:unmatched",status="404"}')).toBe(1);
    expect(found.get('http_requests_total{route="page",status="200"}')).toBe(2);
    expect(found.get('http_requests_total{route="static",status="other"}')).toBe(1);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const bounds = [...text.matchAll(/^http_request_duration_seconds_bucket\{le="([^"]+)",route="page"\} 2$/gm)];
    expect(bounds.map((match) => match[1])).toEqual([
      '0.0005',
      '0.001',
      '0.0025',
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    expect(found.get('http_request_duration_seconds_count{route="page"}')).toBe(2);
    // Both render series exist before the first render.
    expect(found.get('ssr_renders_total{result="ok"}')).toBe(0);
    metrics.ssrRendered(false);
    expect(samples(await metrics.exposition()).get('ssr_renders_total{result="failed"}')).toBe(1);
    expect(metrics.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it("should include prom-client's default process metrics and the process series written before it", async () => {
    const found = samples(await new Metrics().exposition());
    for (const series of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'process_open_fds',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_active_handles_total',
      // Series this server wrote by hand before, which dashboards read.
      'process_start_time_seconds',
      'process_uptime_seconds',
      'nodejs_heap_used_bytes',
      'nodejs_heap_total_bytes',
      'nodejs_eventloop_delay_p99_seconds',
      'nodejs_eventloop_delay_max_seconds',
    ])
      expect({ series, present: found.has(series) }).toEqual({ series, present: true });
    expect([...found.keys()].some((key) => key.startsWith('nodejs_version_info{'))).toBe(true);
    expect(found.get('process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(Math.abs(found.get('process_start_time_seconds')! - (Date.now() / 1000 - process.uptime()))).toBeLessThan(2);
  });

  it('should read series at each scrape, and keep the last figures of a read that fails', async () => {
    const metrics = new Metrics();
    let hits = 3;
    let entries = [{ labels: { store: 'main' }, value: 5 }];
    metrics.readAtScrape({
      type: 'counter',
      name: 't_hits_total',
      help: 'Hits',
      labelNames: ['store'],
      read: () => {
        if (hits < 0) throw new Error('stats gone');
        return [{ labels: { store: 'main' }, value: hits }];
      },
    });
    metrics.readAtScrape({
      type: 'gauge',
      name: 't_entries',
      help: 'Entries',
      labelNames: ['store'],
      read: () => entries,
    });
    let text = await metrics.exposition();
    expect(text).toContain('# TYPE t_hits_total counter\nt_hits_total{store="main"} 3\n');
    expect(text).toContain('# TYPE t_entries gauge\nt_entries{store="main"} 5\n');
    hits = 7;
    entries = [{ labels: { store: 'open_ended' }, value: 1 }];
    text = await metrics.exposition();
    // The totals as read, not added up; a gauge's series gone from the read is gone from the text.
    expect(samples(text).get('t_hits_total{store="main"}')).toBe(7);
    expect(text).not.toContain('t_entries{store="main"}');
    expect(samples(text).get('t_entries{store="open_ended"}')).toBe(1);
    hits = -1;
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      expect(samples(await metrics.exposition()).get('t_hits_total{store="main"}')).toBe(7);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('t_hits_total'));
    } finally {
      warn.mockRestore();
    }
  });

  it("should sum two workers' requests and memory, and take the rest as each series says", async () => {
    const workers = [new Metrics(), new Metrics()];
    for (const [index, metrics] of workers.entries()) {
      for (let i = 0; i <= index; i++) answer(metrics, '/about.html', 200);
      metrics.readAtScrape({
        type: 'gauge',
        name: 't_p75_seconds',
        help: 'The same figure in every worker',
        labelNames: ['page'],
        aggregator: 'first',
        read: () => [{ labels: { page: 'index' }, value: 0.25 }],
      });
      metrics.readAtScrape({
        type: 'counter',
        name: 't_hits_total',
        help: 'Summed',
        read: () => [{ value: index + 1 }],
      });
    }
    const alone = samples(await workers[0]!.exposition());
    const figures = await Promise.all(workers.map((metrics) => registryOf(metrics).getMetricsAsJSON()));
    const summed = samples(await AggregatorRegistry.aggregate(figures).metrics());
    expect(summed.get('http_requests_total{route="page",status="200"}')).toBe(3);
    expect(summed.get('http_request_duration_seconds_bucket{le="+Inf",route="page"}')).toBe(3);
    expect(summed.get('http_request_duration_seconds_count{route="page"}')).toBe(3);
    expect(summed.get('t_p75_seconds{page="index"}')).toBe(0.25);
    expect(summed.get('t_hits_total')).toBe(3);
    // Memory adds up; the start time stays one (prom-client's own would be left out of the sum).
    expect(summed.get('nodejs_heap_used_bytes')).toBeGreaterThan(alone.get('nodejs_heap_used_bytes')!);
    expect(summed.get('process_start_time_seconds')).toBe(alone.get('process_start_time_seconds'));
    expect(summed.has('nodejs_eventloop_delay_p99_seconds')).toBe(true);
  });
});
