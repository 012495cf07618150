import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { transportFailure } from '../../core/all-exceptions.filter.js';
import { mayReadMetrics } from './metrics-access.js';
import type { Metrics } from '../../core/metrics/metrics.service.js';
import { labelRoute } from '../../core/metrics/route-label.js';

export const METRICS_PATH = '/api/metrics';

const logger = new Logger('Metrics');

/**
 * `GET /api/metrics`: the Prometheus text, for loopback clients, or with METRICS_TOKEN for whoever presents it.
 * Anyone else gets the API's own 404 (the call does not exist for them). Mounted in Express before Nest's routes:
 * it is not an envelope call, so it is not in the OpenAPI document, and the published-content cache never keeps
 * it (it is not a public read). With WORKERS, a scrape the workers' figures cannot be gathered for (one silent
 * for 5 s) answers 503: a partial sum would look like counters reset.
 */
export function metricsEndpoint(metrics: Metrics, token: string | null): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    labelRoute(req, 'metrics');
    res.setHeader('Cache-Control', 'no-store');
    if (!mayReadMetrics(req, token)) {
      res.status(404).json(transportFailure(404));
      return;
    }
    metrics.exposition().then(
      (text) => {
        // A Buffer, so that Express leaves the content type as the format names it.
        res.status(200).setHeader('Content-Type', metrics.contentType);
        res.send(Buffer.from(text));
      },
      (error: unknown) => {
        logger.warn(`No metrics for this scrape: ${error instanceof Error ? error.message : String(error)}`);
        res.status(503).json(transportFailure(503));
      },
    );
  };
}
