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

/**
 * `npm run admin -- reset-password [<e-mail>]` (README "Logging in to the back office"): a forgotten password
 * replaced from a terminal, on the configuration `npm start` uses, whether the site runs or not. The new password
 * is generated and printed once; the administrator's sessions end and their login lockouts are lifted. Exit codes
 * (core/command.ts): 0 done, 1 refused or failed (the message says why), 2 the command line is wrong.
 */
export const USAGE = `Usage:
  npm run admin -- reset-password [<e-mail>]
Without an e-mail: the administrator ADMIN_EMAIL names, or else the only one.`;

export const runAdminCommand: Command = (argv, env, dirs, io = consoleIo) =>
  runCommand({ usage: USAGE, explained: DATABASE_ERRORS, run: () => admin(argv, env, dirs.root, io) }, io);

async function admin(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  root: string,
  io: CommandIo,
): Promise<void> {
  const [command, ...args] = argv;
  if (command !== 'reset-password') {
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
  const { positional } = commandOptions(args, { flags: [], values: [] });
  if (positional.length > 1) throw new UsageError('Name at most one administrator (their e-mail).');
  const config = loadConfig(env, root);
  // As the login form takes it; ADMIN_EMAIL counts only when it is set (the configuration has a default).
  const named = positional[0]?.trim().toLowerCase() || (env.ADMIN_EMAIL?.trim() ? config.admin.email : null);

  const database = await openConfiguredDatabase(config, {
    create: false,
    job: 'to reset a password in',
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
    const reset = await resetPassword(db, named);
    io.out(`Password reset for ${reset.email}: ${reset.sessions} session(s) ended, its failed-login lockouts lifted.`);
    io.out(`New password (shown only this once): ${reset.password}`);
    io.out('Log in at /admin/ with it, then choose your own under 修改密码.');
  } finally {
    if (db.isInitialized) await db.destroy();
    await database.close();
  }
}

async function resetPassword(
  db: DataSource,
  named: string | null,
): Promise<{ email: string; password: string; sessions: number }> {
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
      `There are ${emails.length} administrators: name the one whose password to reset ` +
        `(npm run admin -- reset-password <e-mail>): ${emails.join(', ')}.`,
    );
  }
  const user = await findAdminByEmail(db, email);
  if (!user) {
    throw new CommandRefusal(`No administrator has the e-mail ${email}. Administrators: ${emails.join(', ')}.`);
  }

  const password = generatePassword();
  const passwordHash = await hashPassword(md5Hex(password));
  const sessions = await db.transaction(async (manager) => {
    await updatePasswordHash(manager, user.id, passwordHash);
    await deleteAccountLimits(manager, {
      loginAccountPrefix: LIMIT_KEYS.loginAccountPrefix(email),
      passwordChange: LIMIT_KEYS.passwordChange(user.id),
    });
    return deleteUserSessions(manager, user.id);
  });
  return { email, password, sessions };
}

await runIfProgram(import.meta.url, runAdminCommand);
