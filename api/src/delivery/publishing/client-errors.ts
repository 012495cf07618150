import type { IncomingMessage } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import type { ClientErrorReport } from '@site/shared-types';
import { BoundedLog } from '../../core/bounded-log.js';
import { RemotesService } from '../releases/remotes.service.js';
import { CanaryVisits } from '../releases/canary-visits.js';

/** Reports one browser may send a minute; further ones are dropped (the endpoint is public). */
const REPORTS_PER_MINUTE = 10;
const MAX_REPORTERS = 5000;

/**
 * What browsers report to `POST /api/frontend/errors` (docs/architecture.md "Releases", "Counts"): a remote that
 * did not load, an uncaught error, a hydration mismatch, counted against the release that served the page.
 */
@Injectable()
export class ClientErrorIntake {
  private readonly logger = new Logger('Releases');
  private readonly reportLog = new BoundedLog((line) => this.logger.warn(line));
  private readonly reporters = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly remotes: RemotesService,
    private readonly visits: CanaryVisits,
  ) {}

  /**
   * A browser's report of a remote that did not load or an uncaught error: counted against the release when it
   * carries the report token of a page of that release (CanaryVisits), at most a few per address a minute.
   * Answers whether it was counted.
   */
  reportClientError(req: IncomingMessage, report: ClientErrorReport, ip: string): boolean {
    const now = Date.now();
    let reporter = this.reporters.get(ip);
    if (!reporter || reporter.until <= now) {
      if (this.reporters.size >= MAX_REPORTERS) this.reporters.clear();
      reporter = { count: 0, until: now + 60_000 };
      this.reporters.set(ip, reporter);
    }
    if (++reporter.count > REPORTS_PER_MINUTE) return false;
    const served = this.remotes.served(report.remote);
    if (report.release !== served.active && report.release !== served.canary?.release) return false;
    if (!this.visits.report(req, report)) return false;
    this.reportLog.note(
      `${report.remote}@${report.release} ${report.kind}`,
      `browser reported ${report.kind} in ${report.remote} release ${report.release}: ${(report.message ?? '').slice(0, 200)}`,
    );
    return true;
  }
}
