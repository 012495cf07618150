#!/usr/bin/env node
// `npm start`: build what is missing, then run the server (API, uploads and front-ends on one port).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const [major, minor] = process.versions.node.split('.').map(Number);
// package.json's engines: Node 22 LTS (22.19+), or 20.19+ kept working for machines with nothing newer.
if (major < 20 || (major === 20 && minor < 19) || major === 21 || (major === 22 && minor < 19)) {
  console.error(
    `Node.js ${process.versions.node} is not supported: this project needs Node.js 22.19 or newer (or 20.19+).`,
  );
  process.exit(1);
}
if (!existsSync(path.join(root, 'node_modules', '@nestjs', 'core'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}

process.chdir(root);
await import(pathToFileURL(path.join(root, 'scripts', 'build.mjs')).href);
await import(pathToFileURL(path.join(root, 'api', 'dist', 'src', 'main.js')).href);
