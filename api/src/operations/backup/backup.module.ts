import { Module } from '@nestjs/common';
import { BackupScheduleService } from './backup-schedule.service.js';

/** The server's scheduled backups (the commands `npm run backup` and `npm run restore` are `src/backup-command.ts`). */
@Module({ providers: [BackupScheduleService], exports: [BackupScheduleService] })
export class BackupModule {}
