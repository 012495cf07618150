import 'reflect-metadata';
import os from 'node:os';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { REMOTE_NAMES, type ReleasesOverview, type RemoteName } from '@site/shared-types';
import { AppModule } from './app.module.js';
import { DATABASE_ERRORS, openConfiguredDatabase } from './database/database-target.js';
import { loadConfig } from './config/config.js';
import { ApiException } from './core/api.exception.js';
import {
  consoleIo,
  EXIT_OK,
  runCommand,
  runIfProgram,
  UsageError,
  type Command,
  type CommandIo,
} from './core/command.js';
import { ACTOR, ReleaseSwitches } from './delivery/publishing/release-switches.js';
import { ReleasesOverviewService } from './delivery/publishing/releases-overview.service.js';

/**
 * `npm run release -- list | activate <remote> <id> | canary <remote> <id> <percent> | promote <remote> |
 * rollback <remote>` (README "Ship one remote"): the back office's 版本发布 from a terminal, on the configuration
 * `npm start` uses, through the same gate and with the same audit entries. Running servers switch at once (the
 * change is announced by the database). Exit codes (core/command.ts): 0 done, 1 refused or failed (the message
 * says why), 2 the command line is wrong.
 */
export const USAGE = `Usage:
  npm run release -- list
  npm run release -- activate <remote> <release>
  npm run release -- canary <remote> <release> <percent 1-99>
  npm run release -- promote <remote>
  npm run release -- rollback <remote>
<remote>: desktop, mobile or admin (or mf_desktop, mf-desktop …)`;

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
    { usage: USAGE, explained: [ApiException, ...DATABASE_ERRORS], run: () => release(argv, env, dirs.root, io) },
    io,
  );

const ARGUMENTS: Record<string, number> = { list: 0, activate: 2, canary: 3, promote: 1, rollback: 1 };

async function release(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  root: string,
  io: CommandIo,
): Promise<number> {
  const [command, ...args] = argv;
  if (!command || !(command in ARGUMENTS)) {
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
  if (args.length !== ARGUMENTS[command]) throw new UsageError(`"${command}" takes ${ARGUMENTS[command]} argument(s).`);
  const remote = command === 'list' ? null : remoteNamed(args[0]);
  const percent = command === 'canary' ? Number(args[2]) : 0;
  if (command === 'canary' && !(Number.isInteger(percent) && percent >= 1 && percent <= 99)) {
    throw new UsageError('The percent must be a whole number from 1 to 99.');
  }

  const config = loadConfig(env, root);
  config.releases.watch = false;
  config.publishing.schedule = false;
  const job = command === 'list' ? 'to list releases from' : 'to switch releases in';
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
