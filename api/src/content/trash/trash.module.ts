import { Module } from '@nestjs/common';
import { EditingModule } from '../editing/editing.module.js';
import { TrashPurger } from './trash-purger.js';
import { TrashController } from './trash.controller.js';
import { TrashService } from './trash.service.js';

@Module({
  imports: [EditingModule],
  controllers: [TrashController],
  providers: [TrashService, TrashPurger],
})
export class TrashModule {}
