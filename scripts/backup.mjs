#!/usr/bin/env node
// `npm run backup` and `npm run restore <file>` (README "Backups"): build what is missing, then run the command
// on the configuration `npm start` uses. Paths on the command line are relative to where it was typed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'node_modules', '@nestjs', 'core'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}
const typedIn = process.env.INIT_CWD ?? process.cwd();
process.chdir(root);
await import(pathToFileURL(path.join(root, 'scripts', 'build.mjs')).href);
const { runBackupCommand } = await import(
  pathToFileURL(path.join(root, 'api', 'dist', 'src', 'backup', 'cli.js')).href
);
process.exit(await runBackupCommand(process.argv.slice(2), process.env, { cwd: typedIn, root }));
