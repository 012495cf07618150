import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { REMOTE_NAMES, type ReleasesOverview, type RemoteName } from '@site/shared-types';
import { AppModule } from './app.module.js';
import { DATABASE_ERRORS, openConfiguredDatabase } from './database/database-target.js';
import { loadConfig } from './config/config.js';
import { ApiException, failure } from './core/api.exception.js';
import {
  consoleIo,
  EXIT_OK,
  runCommand,
  runIfProgram,
  UsageError,
  type Command,
  type CommandDirs,
  type CommandIo,
} from './core/command.js';
import { MEDIA_STORE, type MediaStore } from './core/media/media-store.js';
import { ACTOR, ReleaseSwitches } from './delivery/publishing/release-switches.js';
import { ReleasesOverviewService } from './delivery/publishing/releases-overview.service.js';
import { ReleaseFiles, RELEASE_ID } from './delivery/releases/release-files.js';
import { ReleaseStore, ReleaseUnavailable } from './delivery/releases/release-store.js';

/**
 * `npm run release -- list | import <remote> [<release>|<folder>] | activate <remote> <id> | canary <remote> <id>
 * <percent> | promote <remote> | rollback <remote>` (README "Ship one remote"): the back office's 版本发布 from a
 * terminal, on the configuration `npm start` uses, through the same gate and with the same audit entries. It needs
 * no server running, only the database and the media store: `import` stores a build of this machine (the one
 * `current.json` names, another of the build folder, or any release folder) in the media store, from where every
 * server takes it. Running servers switch at once (the change is announced by the database). Exit codes
 * (core/command.ts): 0 done, 1 refused or failed (the message says why), 2 the command line is wrong.
 */
export const USAGE = `Usage:
  npm run release -- list
  npm run release -- import <remote> [<release> | <release folder>]
  npm run release -- activate <remote> <release>
  npm run release -- canary <remote> <release> <percent 1-99>
  npm run release -- promote <remote>
  npm run release -- rollback <remote>
<remote>: desktop, mobile or admin (or mf_desktop, mf-desktop …)
import: without a release, the one the build folder's current.json names (REMOTE_<NAME>_DIR)`;

/** `desktop`, `mf-desktop` and `mf_desktop` all name the desktop remote. */
export function remoteNamed(text: string | undefined): RemoteName {
  const name = `mf_${(text ?? '').toLowerCase().replace(/^mf[-_]/, '')}`;
  if (!(REMOTE_NAMES as readonly string[]).includes(name)) {
    throw new UsageError(text ? `Unknown remote "${text}".` : 'Name a remote.');
  }
  return name as RemoteName;
}

export const runReleaseCommand: Command = (argv, env, dirs, io = consoleIo) =>
  runCommand(
    { usage: USAGE, explained: [ApiException, ...DATABASE_ERRORS], run: () => release(argv, env, dirs, io) },
    io,
  );

/** How many arguments each command takes: at least, at most. */
const ARGUMENTS: Record<string, [number, number]> = {
  list: [0, 0],
  import: [1, 2],
  activate: [2, 2],
  canary: [3, 3],
  promote: [1, 1],
  rollback: [1, 1],
};

async function release(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  dirs: CommandDirs,
  io: CommandIo,
): Promise<number> {
  const [command, ...args] = argv;
  if (!command || !(command in ARGUMENTS)) {
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
  const [least, most] = ARGUMENTS[command]!;
  if (args.length < least || args.length > most) {
    throw new UsageError(`"${command}" takes ${least === most ? least : `${least} or ${most}`} argument(s).`);
  }
  const remote = command === 'list' ? null : remoteNamed(args[0]);
  const percent = command === 'canary' ? Number(args[2]) : 0;
  if (command === 'canary' && !(Number.isInteger(percent) && percent >= 1 && percent <= 99)) {
    throw new UsageError('The percent must be a whole number from 1 to 99.');
  }

  const config = loadConfig(env, dirs.root);
  config.releases.watch = false;
  config.publishing.schedule = false;
  const job =
    command === 'list'
      ? 'to list releases from'
      : command === 'import'
        ? 'to store releases for'
        : 'to switch releases in';
  const database = await openConfiguredDatabase(config, { create: false, job, log: () => undefined });
  Logger.overrideLogger(['error']);
  const app = await NestFactory.createApplicationContext(AppModule.register(config, database.url), {
    logger: ['error'],
  });
  try {
    const switches = app.get(ReleaseSwitches);
    const overviews = app.get(ReleasesOverviewService);
    const actor = `${ACTOR.cli}（${os.userInfo().username}）`;
    if (command === 'list') {
      printOverview(await overviews.overview(), io);
      return EXIT_OK;
    }
    if (command === 'import') {
      const where = app.get<MediaStore>(MEDIA_STORE).where;
      await importRelease(app.get(ReleaseStore), app.get(ReleaseFiles), remote!, args[1], dirs.cwd, (line) =>
        io.out(`${line} in ${where}`),
      );
      io.out(
        `Switch it on: npm run release -- activate ${args[0]} <release> (or canary ${args[0]} <release> <percent>)`,
      );
      return EXIT_OK;
    }
    if (command === 'activate') await switches.activate(remote!, args[1]!, actor);
    if (command === 'canary') await switches.canary(remote!, args[1]!, percent, actor);
    if (command === 'promote') await switches.promote(remote!, actor);
    if (command === 'rollback') await switches.rollback(remote!, actor);
    const after = (await overviews.overview()).remotes.find((found) => found.remote === remote)!;
    const canary = after.canary ? `, canary ${after.canary.release} at ${after.canary.percent} %` : '';
    io.out(`${after.title} (${remote}): active ${after.active ?? '-'}${canary}`);
    return EXIT_OK;
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * Stores a release in the media store: `named` is a release of the build folder, or a release folder (its name is
 * the release id); without it, the release the build folder's `current.json` names.
 */
async function importRelease(
  store: ReleaseStore,
  files: ReleaseFiles,
  remote: RemoteName,
  named: string | undefined,
  cwd: string,
  say: (line: string) => void,
): Promise<void> {
  const release = named ?? (await files.currentFile(remote));
  if (!release) throw failure(`构建目录里没有 current.json，请写出版本号或版本文件夹（${remote}）`);
  const dir = RELEASE_ID.test(release) ? files.buildDir(remote, release) : path.resolve(cwd, release);
  try {
    // Written again when stored already: an object changed in the store since is mended.
    const { row, again } = await store.importFolder(remote, dir, { rewrite: true });
    const size = `${row.files} files, ${(row.bytes / 1024).toFixed(0)} KB`;
    say(`${remote}: release ${row.release} (${size}) ${again ? 'stored again' : 'stored'}`);
  } catch (error) {
    if (error instanceof ReleaseUnavailable) throw failure(`不能存入版本：${error.reason}`);
    throw error;
  }
}

function printOverview(overview: ReleasesOverview, io: CommandIo): void {
  const tags = { active: '当前', canary: '灰度', previous: '可回滚', kept: '' } as const;
  for (const remote of overview.remotes) {
    io.out(`${remote.title} (${remote.remote})${remote.external ? ': served from another origin' : ''}`);
    for (const row of remote.releases) {
      const tag = row.state === 'canary' ? `灰度 ${remote.canary?.percent ?? 0}%` : tags[row.state];
      const facts = [
        row.builtAt || '(no record)',
        row.commit ? `${row.commit}${row.dirty ? '+' : ''}` : '',
        row.react ? `react ${row.react}` : '',
        row.firstViewGzip !== null ? `${(row.firstViewGzip / 1024).toFixed(1)} KB` : '',
        `views ${row.stats.views}, ssr errors ${row.stats.ssrFailures}, browser errors ${row.stats.clientErrors}`,
      ].filter(Boolean);
      io.out(`  ${tag.padEnd(6, '　')} ${row.release.padEnd(14)} ${facts.join('  ')}`);
      for (const problem of row.problems) io.out(`         不兼容：${problem}`);
    }
  }
  if (overview.events.length > 0) io.out('Latest switches:');
  for (const event of overview.events.slice(0, 10)) {
    const detail = event.detail ? ` (${event.detail})` : '';
    io.out(
      `  ${event.at} ${event.remote} ${event.action} ${event.from ?? '-'} → ${event.to ?? '-'} by ${event.actor}${detail}`,
    );
  }
}

await runIfProgram(import.meta.url, runReleaseCommand);
