import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  VITALS_RETENTION_DAYS,
  VITALS_WINDOW_DAYS,
  vitalsDeviceOf,
  type VitalsReport,
  type VitalsSummary,
  type VitalsSummaryRow,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { clientKey } from '../../core/client-info.js';
import { Metrics } from '../../core/metrics/metrics.service.js';
import { reportUnlessStopping } from '../../core/server-stopping.js';
import { deleteOldVitals, insertVitals, vitalsP75, type VitalRow } from './vitals.queries.js';

/** How often the reports received are written (one statement for all of them). */
const FLUSH_MS = 2000;
/** Rows waiting to be written at most: beyond, reports are dropped (a flood, or the database away for long). */
const MAX_PENDING = 10_000;
/** Reports one address may send a minute: one a page view, so a visitor reading fast stays well within it. */
export const VITALS_REPORTS_PER_MINUTE = 20;
const MAX_REPORTERS = 5000;
/** How often rows past their retention are deleted. */
const SWEEP_MS = 60 * 60 * 1000;
/** How old the summary `/api/metrics` shows may be before a scrape asks for a fresh one. */
const SUMMARY_MAX_AGE_MS = 60_000;

/**
 * The visitor-experience figures real browsers report (docs/behaviour.md#visitor-experience): taken in memory,
 * written every couple of seconds in one statement, summarised as the 75th percentile per page, device and metric
 * over the last 7 days (for the back office, and as gauges in `/api/metrics`), deleted after 30 days.
 */
@Injectable()
export class VitalsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Vitals');
  private pending: VitalRow[] = [];
  private readonly reporters = new Map<string, { count: number; until: number }>();
  private flushTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  private sweeping: Promise<void> | null = null;
  private summary: { rows: VitalsSummaryRow[]; at: number } | null = null;
  private summarising: Promise<VitalsSummaryRow[]> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    metrics: Metrics,
  ) {
    this.addGauges(metrics);
  }

  onApplicationBootstrap(): void {
    this.flushTimer = setInterval(() => void this.flush(), FLUSH_MS);
    this.flushTimer.unref();
    this.sweeping = this.sweep();
    this.sweepTimer = setInterval(() => {
      this.sweeping = this.sweep();
    }, SWEEP_MS);
    this.sweepTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.flushTimer);
    clearInterval(this.sweepTimer);
    await this.sweeping;
    await this.flush();
  }

  /**
   * Takes one page view's report: its rows wait for the next write. The device class comes from the user agent,
   * which is not kept, nor is the address (it only counts against the limit, in memory). Answers whether the report
   * was taken: not over the address's limit, nor while too many rows wait.
   */
  report(report: VitalsReport, ip: string, userAgent: string): boolean {
    if (!this.allowed(clientKey(ip))) return false;
    if (this.pending.length + report.metrics.length > MAX_PENDING) return false;
    const device = vitalsDeviceOf(userAgent);
    for (const { name, value } of report.metrics) {
      this.pending.push({ page: report.page, device, navigation: report.navigation, metric: name, value });
    }
    return true;
  }

  /** Writes the reports taken so far (the timer's job; tests and the shutdown call it too). */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => (this.flushing = null));
    return this.flushing;
  }

  /** The 75th percentiles of the last 7 days, read now. */
  async overview(): Promise<VitalsSummary> {
    return { days: VITALS_WINDOW_DAYS, samplePercent: this.config.vitalsPercent, rows: await this.summarise() };
  }

  private async write(): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    try {
      await insertVitals(this.db, rows);
    } catch (error) {
      // Back in front of what came since, as far as there is room: the next round writes them.
      this.pending = [...rows, ...this.pending].slice(0, MAX_PENDING);
      reportUnlessStopping(error, () =>
        this.logger.warn(`Visitor-experience reports not written yet: ${errorText(error)}`),
      );
      return;
    }
    // The gauges follow new reports at once rather than at the next scrape but one.
    await this.summarise().catch(() => undefined);
  }

  private summarise(): Promise<VitalsSummaryRow[]> {
    this.summarising ??= vitalsP75(this.db, VITALS_WINDOW_DAYS)
      .then((rows) => {
        this.summary = { rows, at: Date.now() };
        return rows;
      })
      .finally(() => (this.summarising = null));
    return this.summarising;
  }

  private async sweep(): Promise<void> {
    try {
      const count = await deleteOldVitals(this.db, VITALS_RETENTION_DAYS);
      if (count > 0)
        this.logger.log(`Deleted ${count} visitor-experience row(s) older than ${VITALS_RETENTION_DAYS} days`);
    } catch (error) {
      reportUnlessStopping(error, () => this.logger.error(`Visitor-experience sweep failed: ${errorText(error)}`));
    }
  }

  private allowed(key: string): boolean {
    const now = Date.now();
    let reporter = this.reporters.get(key);
    if (!reporter || reporter.until <= now) {
      if (this.reporters.size >= MAX_REPORTERS) this.reporters.clear();
      reporter = { count: 0, until: now + 60_000 };
      this.reporters.set(key, reporter);
    }
    return ++reporter.count <= VITALS_REPORTS_PER_MINUTE;
  }

  /**
   * The summary as gauges, read at scrape time from the last one made (the reads are synchronous): one older than a
   * minute is made again for the next scrape. Delays in seconds, as Prometheus counts time; CLS as its score. Every
   * worker reads the same table, so with WORKERS one worker's figures are taken, not their sum.
   */
  private addGauges(metrics: Metrics): void {
    const rows = () => {
      if (!this.summary || Date.now() - this.summary.at > SUMMARY_MAX_AGE_MS)
        void this.summarise().catch(() => undefined);
      return this.summary?.rows ?? [];
    };
    const labels = (row: VitalsSummaryRow) => ({ page: row.page, device: row.device });
    metrics.readAtScrape({
      type: 'gauge',
      name: 'web_vitals_p75_seconds',
      help: 'Real visitors over the last 7 days: 75th percentile of LCP, INP and the first input delay (FID), by page and device',
      labelNames: ['page', 'device', 'metric'],
      aggregator: 'first',
      read: () =>
        rows()
          .filter((row) => row.metric !== 'CLS')
          .map((row) => ({ labels: { ...labels(row), metric: row.metric }, value: row.p75 / 1000 })),
    });
    metrics.readAtScrape({
      type: 'gauge',
      name: 'web_vitals_cls_p75',
      help: 'Real visitors over the last 7 days: 75th percentile of the cumulative layout shift score, by page and device',
      labelNames: ['page', 'device'],
      aggregator: 'first',
      read: () =>
        rows()
          .filter((row) => row.metric === 'CLS')
          .map((row) => ({ labels: labels(row), value: row.p75 })),
    });
    metrics.readAtScrape({
      type: 'gauge',
      name: 'web_vitals_reports',
      help: 'Real visitors over the last 7 days: measurements the percentiles are taken from, by page, device and metric',
      labelNames: ['page', 'device', 'metric'],
      aggregator: 'first',
      read: () => rows().map((row) => ({ labels: { ...labels(row), metric: row.metric }, value: row.count })),
    });
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
