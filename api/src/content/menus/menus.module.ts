import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { MenusAdminController } from './menus.admin.controller.js';
import { MenusAdminService } from './menus.admin.service.js';

@Module({
  imports: [CasesModule],
  controllers: [MenusAdminController],
  providers: [MenusAdminService],
})
export class MenusModule {}
