import { statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type AppConfig } from './config/config.js';
import {
  commandOptions,
  consoleIo,
  runCommand,
  runIfProgram,
  UsageError,
  type Command,
  type CommandIo,
} from './core/command.js';
import pg from 'pg';
import { AUDIT_ACTOR } from './core/audit/audit-actions.js';
import type { AuditEntry } from './core/audit/audit-context.js';
import { insertAuditWith } from './core/audit/audit.queries.js';
import { createMediaStore } from './core/media/media.module.js';
import { MediaUnavailable } from './core/media/media-store.js';
import { archiveName, createBackup, restoreBackup } from './operations/backup/backup.js';
import { BackupError } from './operations/backup/database-dump.js';
import { DATABASE_ERRORS, openConfiguredDatabase } from './database/database-target.js';

/**
 * `npm run backup [-- --out <file|folder>]` and `npm run restore <archive> [-- --force]` (README "Backups"),
 * on the configuration `npm start` uses (the same variables, DATA_DIR relative to the project). Exit codes
 * (core/command.ts): 0 done, 1 failed (the message says why; nothing was changed), 2 the command line is wrong.
 */
const USAGE = `Usage:
  npm run backup [-- --out <file.tar.gz | folder>]
  npm run restore <file.tar.gz> [-- --force]`;

export const runBackupCommand: Command = (argv, env, dirs, io = consoleIo) =>
  runCommand(
    {
      usage: USAGE,
      explained: [BackupError, MediaUnavailable, ...DATABASE_ERRORS],
      run: async () => {
        const [command, ...rest] = argv;
        const config = loadConfig(env, dirs.root);
        if (command === 'backup') return backup(rest, config, dirs.cwd, io);
        if (command === 'restore') return restore(rest, config, dirs.cwd, io);
        throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
      },
    },
    io,
  );

async function backup(args: readonly string[], config: AppConfig, cwd: string, io: CommandIo): Promise<void> {
  const { positional, values } = commandOptions(args, { flags: [], values: ['--out'] });
  if (positional.length > 0) throw new UsageError(`Unexpected argument "${positional[0]}".`);
  const now = new Date();
  const out = values.get('--out');
  let file = path.join(config.backup.dir, archiveName(now));
  if (out !== undefined) {
    const resolved = path.resolve(cwd, out);
    file = out.endsWith('/') || isDirectory(resolved) ? path.join(resolved, archiveName(now)) : resolved;
  }
  const database = await openConfiguredDatabase(config, { create: false, job: 'to back up', log: io.out });
  const media = createMediaStore(config);
  let manifest;
  try {
    io.out(`Backing up ${database.description} and the uploads in ${media.where}`);
    manifest = await createBackup({ databaseUrl: database.url, media }, file, now);
    await recordCommand(database.url, { action: 'backup', title: path.basename(file) }, io);
  } finally {
    await media.close();
    await database.close();
  }
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  io.out(
    `Backup written: ${file} (${manifest.database.tables.length} tables, ${rows} rows, ` +
      `${manifest.uploads.length} uploaded files; schema ${manifest.migration})`,
  );
}

async function restore(args: readonly string[], config: AppConfig, cwd: string, io: CommandIo): Promise<void> {
  const { positional, flags } = commandOptions(args, { flags: ['--force'], values: [] });
  if (positional.length !== 1) throw new UsageError('Name one archive to restore.');
  const file = path.resolve(cwd, positional[0]!);
  const media = createMediaStore(config);
  const database = config.databaseUrl
    ? 'the database DATABASE_URL names'
    : `the embedded database in ${path.join(config.dataDir, 'postgres')}`;
  io.out(`Restoring ${file} into ${database}, and its media into ${media.where} …`);
  let manifest;
  try {
    await media.open();
    manifest = await restoreBackup(file, {
      media,
      force: flags.has('--force'),
      // The archive's records are loaded as they were; the restore itself is recorded after them.
      afterLoad: (client) =>
        insertAuditWith(client, { ...COMMAND_ACTOR, action: 'restore', title: path.basename(file) }),
      openDatabase: () => openConfiguredDatabase(config, { create: true, job: 'to restore into', log: io.out }),
    });
  } finally {
    await media.close();
  }
  io.out(
    `Restored the backup of ${manifest.createdAt} (${manifest.database.tables.length} tables, ` +
      `${manifest.uploads.length} uploaded files). Start the site with npm start.`,
  );
}

/** A command's audit record (docs/behaviour.md#audit-trail): made by 命令行, from no address. */
const COMMAND_ACTOR = { actorId: null, actor: AUDIT_ACTOR.cli, ip: '' };

/** Records a backup; the archive is made whether or not the record can be written (the message says so). */
async function recordCommand(
  databaseUrl: string,
  what: Pick<AuditEntry, 'action' | 'title'>,
  io: CommandIo,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'yunfan-site-backup' });
  try {
    await client.connect();
    await insertAuditWith(client, { ...COMMAND_ACTOR, ...what });
  } catch (error) {
    io.err(`Warning: the backup is not in the audit trail (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

await runIfProgram(import.meta.url, runBackupCommand);
