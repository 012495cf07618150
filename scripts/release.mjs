#!/usr/bin/env node
// `npm run release -- list | activate <remote> <id> | canary <remote> <id> <percent> | promote <remote> |
// rollback <remote>` (README "Ship one remote"): build what is missing, then switch on the configuration
// `npm start` uses.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'node_modules', '@nestjs', 'core'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}
process.chdir(root);
await import(pathToFileURL(path.join(root, 'scripts', 'build.mjs')).href);
const { runReleaseCommand } = await import(
  pathToFileURL(path.join(root, 'api', 'dist', 'src', 'modules', 'releases', 'release-command.js')).href
);
process.exit(await runReleaseCommand(process.argv.slice(2), process.env, root));
