// What `npm run backup`, `restore`, `release`, `admin` and `media` share: build what is missing, then run the built
// command (framed by api/src/core/command.ts) on the configuration `npm start` uses. Paths on the command line
// are relative to where it was typed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `file`: the command's module under api/dist/src; `name`: the command function it exports. */
export async function runBuiltCommand(file, name) {
  if (!existsSync(path.join(root, 'node_modules', '@nestjs', 'core'))) {
    console.error('Dependencies are missing: run `npm install` first.');
    process.exit(1);
  }
  const typedIn = process.env.INIT_CWD ?? process.cwd();
  process.chdir(root);
  await import(pathToFileURL(path.join(root, 'scripts', 'build.mjs')).href);
  const command = (await import(pathToFileURL(path.join(root, 'api', 'dist', 'src', file)).href))[name];
  process.exit(await command(process.argv.slice(2), process.env, { cwd: typedIn, root }));
}
