import { Module } from '@nestjs/common';
import { EditingModule } from '../editing/editing.module.js';
import { CasesAdminController } from './cases.admin.controller.js';
import { CasesAdminService } from './cases.admin.service.js';
import { CasesController } from './cases.controller.js';
import { CasesService } from './cases.service.js';

@Module({
  imports: [EditingModule],
  controllers: [CasesController, CasesAdminController],
  providers: [CasesService, CasesAdminService],
  exports: [CasesService, CasesAdminService],
})
export class CasesModule {}
