import { Module } from '@nestjs/common';
import { VitalsAdminController } from './vitals.admin.controller.js';
import { VitalsController } from './vitals.controller.js';
import { VitalsService } from './vitals.service.js';

/** Field data from real visitors: the browsers' reports, their summary for the back office and `/api/metrics`. */
@Module({
  controllers: [VitalsController, VitalsAdminController],
  providers: [VitalsService],
})
export class VitalsModule {}
