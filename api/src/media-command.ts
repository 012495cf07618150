import path from 'node:path';
import { loadConfig } from './config/config.js';
import {
  commandOptions,
  consoleIo,
  CommandRefusal,
  EXIT_FAILED,
  EXIT_OK,
  runCommand,
  runIfProgram,
  UsageError,
  type Command,
} from './core/command.js';
import { LocalMediaStore } from './core/media/local-media-store.js';
import { MediaUnavailable } from './core/media/media-store.js';
import { S3MediaStore } from './core/media/s3-media-store.js';
import { copyMedia } from './operations/media/copy-media.js';

/**
 * `npm run media -- migrate [--from <folder>]` (README "Media storage"): copies the media kept on the local disk
 * (DATA_DIR, or the data folder `--from` names) into the S3 bucket the `S3_*` variables describe, checking every
 * object, before the site is switched to `MEDIA_STORAGE=s3`. Exit codes (core/command.ts): 0 every object is in
 * the bucket, 1 not (the message says which), 2 the command line is wrong.
 */
const USAGE = `Usage:
  npm run media -- migrate [--from <data folder>]`;

export const runMediaCommand: Command = (argv, env, dirs, io = consoleIo) =>
  runCommand(
    {
      usage: USAGE,
      explained: [MediaUnavailable],
      run: async () => {
        const [command, ...rest] = argv;
        if (command !== 'migrate')
          throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
        const { positional, values } = commandOptions(rest, { flags: [], values: ['--from'] });
        if (positional.length > 0) throw new UsageError(`Unexpected argument "${positional[0]}".`);
        const config = loadConfig(env, dirs.root);
        if (!config.media.s3) {
          throw new CommandRefusal('S3_BUCKET is not set: describe the bucket to copy into with the S3_* variables.');
        }
        const from = values.get('--from');
        const source = new LocalMediaStore(from === undefined ? config.dataDir : path.resolve(dirs.cwd, from));
        const target = new S3MediaStore(config.media.s3);
        try {
          await target.open();
          io.out(`Copying the media in ${source.where} into ${target.where} …`);
          const report = await copyMedia(source, target, (done) => io.out(`… ${done} objects`));
          const megabytes = (report.bytes / 1024 / 1024).toFixed(1);
          io.out(
            `Copied ${report.copied} objects (${megabytes} MB); ${report.present} were already there. ` +
              `Every object was read back and compared.`,
          );
          if (report.mismatched.length > 0) {
            io.err(
              `${report.mismatched.length} objects did not arrive intact: ${report.mismatched.slice(0, 10).join(', ')}` +
                `${report.mismatched.length > 10 ? ' …' : ''}. Run the command again.`,
            );
            return EXIT_FAILED;
          }
          io.out('Set MEDIA_STORAGE=s3 (and restart the site) to serve them from the bucket.');
          return EXIT_OK;
        } finally {
          await target.close();
        }
      },
    },
    io,
  );

await runIfProgram(import.meta.url, runMediaCommand);
