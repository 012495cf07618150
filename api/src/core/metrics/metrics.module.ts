import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics.service.js';

/** The server's metrics, for every module to count into; served at `/api/metrics` (`metrics-endpoint.ts`). */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
