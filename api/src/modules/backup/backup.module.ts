import { Module } from '@nestjs/common';
import { BackupScheduleService, systemBackupClock } from './backup-schedule.service.js';

/** The server's scheduled backups (the commands `npm run backup` and `npm run restore` live in src/backup/). */
@Module({ providers: [BackupScheduleService, systemBackupClock], exports: [BackupScheduleService] })
export class BackupModule {}
