import { DataSource } from 'typeorm';
import { DATABASE_ERRORS, openConfiguredDatabase } from './database/database-target.js';
import { loadConfig } from './config/config.js';
import {
  commandOptions,
  CommandRefusal,
  consoleIo,
  runCommand,
  runIfProgram,
  UsageError,
  type Command,
  type CommandIo,
} from './core/command.js';
import { LIMIT_KEYS } from './core/auth/auth.constants.js';
import {
  deleteAccountLimits,
  deleteUserSessions,
  findAdminByEmail,
  hasAdminTable,
  listAdminEmails,
  updatePasswordHash,
} from './core/auth/auth.queries.js';
import { generatePassword, hashPassword, md5Hex } from './core/auth/password.js';
import { clearTwoStep, deleteTwoStepLimits } from './core/auth/two-step.queries.js';

/**
 * `npm run admin -- reset-password [<e-mail>]` (README "Logging in to the back office"): a forgotten password
 * replaced from a terminal, on the configuration `npm start` uses, whether the site runs or not. The new password
 * is generated and printed once; the administrator's sessions end and their login lockouts are lifted.
 * `npm run admin -- reset-2fa [<e-mail>]` (docs/behaviour.md#two-step-sign-in): a lost phone's two-step sign-in
 * turned off the same way (the owner's too), so the password alone signs in again. Exit codes (core/command.ts):
 * 0 done, 1 refused or failed (the message says why), 2 the command line is wrong.
 */
export const USAGE = `Usage:
  npm run admin -- reset-password [<e-mail>]
  npm run admin -- reset-2fa [<e-mail>]
Without an e-mail: the administrator ADMIN_EMAIL names, or else the only one.`;

/** What each command does, in the words its messages use. */
const COMMANDS = {
  'reset-password': { job: 'to reset a password in', what: 'password' },
  'reset-2fa': { job: 'to reset two-step sign-in in', what: 'two-step sign-in' },
} as const;
type CommandName = keyof typeof COMMANDS;

const isCommand = (name: string | undefined): name is CommandName =>
  name !== undefined && Object.hasOwn(COMMANDS, name);

export const runAdminCommand: Command = (argv, env, dirs, io = consoleIo) =>
  runCommand({ usage: USAGE, explained: DATABASE_ERRORS, run: () => admin(argv, env, dirs.root, io) }, io);

async function admin(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  root: string,
  io: CommandIo,
): Promise<void> {
  const [command, ...args] = argv;
  if (!isCommand(command)) {
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
  const { positional } = commandOptions(args, { flags: [], values: [] });
  if (positional.length > 1) throw new UsageError('Name at most one administrator (their e-mail).');
  const config = loadConfig(env, root);
  // As the login form takes it; ADMIN_EMAIL counts only when it is set (the configuration has a default).
  const named = positional[0]?.trim().toLowerCase() || (env.ADMIN_EMAIL?.trim() ? config.admin.email : null);

  const database = await openConfiguredDatabase(config, {
    create: false,
    job: COMMANDS[command].job,
    log: () => undefined,
  });
  const db = new DataSource({
    type: 'postgres',
    url: database.url,
    entities: [],
    extra: { max: 1, application_name: 'yunfan-site admin', connectionTimeoutMillis: 3000 },
  });
  try {
    await db.initialize();
    const user = await namedAdmin(db, named, command);
    if (command === 'reset-2fa') {
      const reset = await resetTwoStep(db, user);
      if (!reset.wasOn) {
        io.out(`Two-step sign-in was not on for ${user.email}; nothing changed. (该账号未开启两步验证。)`);
        return;
      }
      io.out(
        `Two-step sign-in turned off for ${user.email}: ${reset.sessions} session(s) ended, its failed-login ` +
          'lockouts lifted. (两步验证已关闭。)',
      );
      io.out('Log in at /admin/ with the password alone, then set two-step sign-in up again under 账号安全.');
      return;
    }
    const reset = await resetPassword(db, user);
    io.out(`Password reset for ${user.email}: ${reset.sessions} session(s) ended, its failed-login lockouts lifted.`);
    io.out(`New password (shown only this once): ${reset.password}`);
    io.out('Log in at /admin/ with it, then choose your own under 修改密码.');
  } finally {
    if (db.isInitialized) await db.destroy();
    await database.close();
  }
}

/** The administrator the command line (or ADMIN_EMAIL) names, or the only one; refused with the reason otherwise. */
async function namedAdmin(
  db: DataSource,
  named: string | null,
  command: CommandName,
): Promise<{ id: number; email: string }> {
  if (!(await hasAdminTable(db))) {
    throw new CommandRefusal(
      'The database has no site yet (the server never started on it), so it has no administrator. ' +
        'Start the site with npm start: it creates one.',
    );
  }
  const emails = await listAdminEmails(db);
  if (emails.length === 0) {
    throw new CommandRefusal(
      'There is no administrator: the next npm start creates one (ADMIN_EMAIL, ADMIN_PASSWORD or a generated ' +
        'password printed in its log).',
    );
  }
  const email = named ?? (emails.length === 1 ? emails[0]! : null);
  if (email === null) {
    throw new CommandRefusal(
      `There are ${emails.length} administrators: name the one whose ${COMMANDS[command].what} to reset ` +
        `(npm run admin -- ${command} <e-mail>): ${emails.join(', ')}.`,
    );
  }
  const user = await findAdminByEmail(db, email);
  if (!user) {
    throw new CommandRefusal(`No administrator has the e-mail ${email}. Administrators: ${emails.join(', ')}.`);
  }
  return { id: user.id, email };
}

async function resetPassword(
  db: DataSource,
  { id, email }: { id: number; email: string },
): Promise<{ password: string; sessions: number }> {
  const password = generatePassword();
  const passwordHash = await hashPassword(md5Hex(password));
  const sessions = await db.transaction(async (manager) => {
    await updatePasswordHash(manager, id, passwordHash);
    await deleteAccountLimits(manager, {
      loginAccountPrefix: LIMIT_KEYS.loginAccountPrefix(email),
      passwordChange: LIMIT_KEYS.passwordChange(id),
    });
    return deleteUserSessions(manager, id);
  });
  return { password, sessions };
}

/**
 * Turns the account's two-step sign-in off (secret, pending secret, recovery codes), ends its sessions and lifts its
 * login and code lockouts; an account without it is left as it is.
 */
async function resetTwoStep(
  db: DataSource,
  { id, email }: { id: number; email: string },
): Promise<{ wasOn: boolean; sessions: number }> {
  return db.transaction(async (manager) => {
    const wasOn = await clearTwoStep(manager, id);
    if (!wasOn) return { wasOn, sessions: 0 };
    await deleteTwoStepLimits(manager, {
      loginAccountPrefix: LIMIT_KEYS.loginAccountPrefix(email),
      codes: LIMIT_KEYS.twoStepCodes(id),
    });
    return { wasOn, sessions: await deleteUserSessions(manager, id) };
  });
}

await runIfProgram(import.meta.url, runAdminCommand);
