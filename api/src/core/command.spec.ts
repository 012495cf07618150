import { ConfigError } from '../config/config.js';
import { CommandRefusal, commandOptions, EXIT_FAILED, EXIT_OK, EXIT_USAGE, runCommand, UsageError } from './command.js';

class OwnError extends Error {}

async function outcome(run: () => Promise<number | void>) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
  const code = await runCommand({ usage: 'Usage:\n  npm run thing', explained: [OwnError], run }, io);
  return { code, out, err };
}

describe('runCommand', () => {
  it('should answer 0 when the work is done, or the code the work returns', async () => {
    expect(await outcome(async () => undefined)).toEqual({ code: EXIT_OK, out: [], err: [] });
    expect((await outcome(async () => 3)).code).toBe(3);
  });

  it('should answer a wrong command line with 2 and the usage', async () => {
    expect(
      await outcome(() => {
        throw new UsageError('No command given.');
      }),
    ).toEqual({ code: EXIT_USAGE, out: [], err: ['No command given.\nUsage:\n  npm run thing'] });
  });

  it('should print the message alone for a refusal, a bad setting and the command’s own errors', async () => {
    for (const error of [new CommandRefusal('No.'), new ConfigError('PORT', 'must be a number'), new OwnError('No.')]) {
      const answer = await outcome(() => Promise.reject(error));
      expect(answer).toEqual({ code: EXIT_FAILED, out: [], err: [error.message] });
    }
  });

  it('should say "Failed:" before anything else that went wrong', async () => {
    expect((await outcome(() => Promise.reject(new TypeError('x is undefined')))).err).toEqual([
      'Failed: x is undefined',
    ]);
    // A command may reject with anything; the frame must report that too.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    expect((await outcome(() => Promise.reject('a string'))).err).toEqual(['Failed: a string']);
  });
});

describe('commandOptions', () => {
  it('should separate arguments, flags and options with values', () => {
    const parsed = commandOptions(['a.tar.gz', '--force', '--out', 'x/'], { flags: ['--force'], values: ['--out'] });
    expect(parsed.positional).toEqual(['a.tar.gz']);
    expect([...parsed.flags]).toEqual(['--force']);
    expect(parsed.values.get('--out')).toBe('x/');
  });

  it('should refuse an unknown option and an option without its value', () => {
    expect(() => commandOptions(['--all'], { flags: [], values: [] })).toThrow(new UsageError('Unknown option --all.'));
    expect(() => commandOptions(['--out'], { flags: [], values: ['--out'] })).toThrow(UsageError);
  });
});
