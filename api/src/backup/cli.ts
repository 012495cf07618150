import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
import { EmbeddedDatabaseError } from '../database/embedded-postgres.js';
import { archiveName, createBackup, restoreBackup } from './backup.js';
import { BackupError } from './database-dump.js';
import { openConfiguredDatabase } from './database-target.js';

/**
 * `npm run backup [-- --out <file|folder>]` and `npm run restore <archive> [-- --force]` (README "Backups"),
 * on the configuration `npm start` uses (the same variables, DATA_DIR relative to the project). Exit codes:
 * 0 done, 1 failed (the message says why; nothing was changed), 2 the command line is wrong.
 */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

const USAGE = `Usage:
  npm run backup [-- --out <file.tar.gz | folder>]
  npm run restore <file.tar.gz> [-- --force]`;

class UsageError extends Error {}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * Runs one command. `cwd` is where relative paths on the command line are from (npm runs scripts in the project
 * folder and says in INIT_CWD where the command was typed); `root` is what DATA_DIR is relative to, as for
 * `npm start`.
 */
export async function runBackupCommand(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  dirs: { cwd: string; root: string },
  io: Io = { out: (line) => console.log(line), err: (line) => console.error(line) },
): Promise<number> {
  try {
    const [command, ...rest] = argv;
    const config = loadConfig(env, dirs.root);
    if (command === 'backup') return await backup(rest, config, dirs.cwd, io);
    if (command === 'restore') return await restore(rest, config, dirs.cwd, io);
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}`);
      return EXIT_USAGE;
    }
    if (error instanceof ConfigError || error instanceof BackupError || error instanceof EmbeddedDatabaseError) {
      io.err(error.message);
      return EXIT_FAILED;
    }
    io.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILED;
  }
}

function options(args: readonly string[], known: { flags: string[]; values: string[] }) {
  const positional: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (known.flags.includes(arg)) flags.add(arg);
    else if (known.values.includes(arg)) {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value.`);
      values.set(arg, value);
    } else if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg}.`);
    else positional.push(arg);
  }
  return { positional, flags, values };
}

async function backup(args: readonly string[], config: AppConfig, cwd: string, io: Io): Promise<number> {
  const { positional, values } = options(args, { flags: [], values: ['--out'] });
  if (positional.length > 0) throw new UsageError(`Unexpected argument "${positional[0]}".`);
  const now = new Date();
  const out = values.get('--out');
  let file = path.join(config.backup.dir, archiveName(now));
  if (out !== undefined) {
    const resolved = path.resolve(cwd, out);
    file = out.endsWith('/') || isDirectory(resolved) ? path.join(resolved, archiveName(now)) : resolved;
  }
  const database = await openConfiguredDatabase(config, { create: false, log: io.out });
  let manifest;
  try {
    io.out(`Backing up ${database.description} and ${config.uploadsDir}`);
    manifest = await createBackup({ databaseUrl: database.url, uploadsDir: config.uploadsDir }, file, now);
  } finally {
    await database.close();
  }
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  io.out(
    `Backup written: ${file} (${manifest.database.tables.length} tables, ${rows} rows, ` +
      `${manifest.uploads.length} uploaded files; schema ${manifest.migration})`,
  );
  return EXIT_OK;
}

async function restore(args: readonly string[], config: AppConfig, cwd: string, io: Io): Promise<number> {
  const { positional, flags } = options(args, { flags: ['--force'], values: [] });
  if (positional.length !== 1) throw new UsageError('Name one archive to restore.');
  const file = path.resolve(cwd, positional[0]!);
  io.out(`Restoring ${file} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir} …`);
  const manifest = await restoreBackup(file, {
    uploadsDir: config.uploadsDir,
    derivedDirs: [path.join(config.dataDir, 'image-variants')],
    force: flags.has('--force'),
    openDatabase: () => openConfiguredDatabase(config, { create: true, log: io.out }),
  });
  io.out(
    `Restored the backup of ${manifest.createdAt} (${manifest.database.tables.length} tables, ` +
      `${manifest.uploads.length} uploaded files). Start the site with npm start.`,
  );
  return EXIT_OK;
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

// Run as a program: `node api/dist/src/backup/cli.js backup` (the Docker image has no npm scripts' build step).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exit(await runBackupCommand(process.argv.slice(2), process.env, { cwd: process.cwd(), root: process.cwd() }));
}
