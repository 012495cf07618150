import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config/config.js';

/**
 * The frame of the site's commands (`npm run backup`, `restore`, `release`, `admin`): one exit code for each
 * outcome, the usage after a wrong command line, and a failure's message on stderr, never its stack.
 */
export const EXIT_OK = 0;
/** Refused or failed: the message says why. */
export const EXIT_FAILED = 1;
/** The command line is wrong: the usage follows the message. */
export const EXIT_USAGE = 2;

export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const consoleIo: CommandIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

/**
 * Where a command runs: `cwd` is what relative paths on its command line are from (npm runs scripts in the
 * project folder and says in INIT_CWD where the command was typed); `root` is what DATA_DIR is relative to, as
 * for `npm start`.
 */
export interface CommandDirs {
  cwd: string;
  root: string;
}

export type Command = (
  argv: readonly string[],
  env: Record<string, string | undefined>,
  dirs: CommandDirs,
  io?: CommandIo,
) => Promise<number>;

/** The command line is wrong. */
export class UsageError extends Error {}

/** The command will not do what it was asked; the message says why and what to do instead. */
export class CommandRefusal extends Error {}

type ErrorClass = abstract new (...args: never[]) => Error;

export interface CommandFrame {
  usage: string;
  /** Errors of the command's own kind whose message says all the user needs (printed as it is). */
  explained: readonly ErrorClass[];
  /** Does the work; a returned code other than 0 is passed on. */
  run(): Promise<number | void>;
}

export async function runCommand(frame: CommandFrame, io: CommandIo): Promise<number> {
  try {
    return (await frame.run()) ?? EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${frame.usage}`);
      return EXIT_USAGE;
    }
    const explained = [CommandRefusal, ConfigError, ...frame.explained];
    if (explained.some((kind) => error instanceof kind)) {
      io.err((error as Error).message);
      return EXIT_FAILED;
    }
    io.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILED;
  }
}

/**
 * Arguments and options of a command line: `flags` stand alone, `values` take the next argument; any other
 * `-…` is a usage error.
 */
export function commandOptions(args: readonly string[], known: { flags: string[]; values: string[] }) {
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

/**
 * Runs the command and exits when its module is the program Node was started with (the Docker image has the
 * built files and no npm scripts: `node api/dist/src/backup-command.js backup`).
 */
export async function runIfProgram(moduleUrl: string, command: Command): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  const dirs = { cwd: process.cwd(), root: process.cwd() };
  process.exit(await command(process.argv.slice(2), process.env, dirs));
}
