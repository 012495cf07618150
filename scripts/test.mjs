#!/usr/bin/env node
// `npm test`: every stage of the tests, each run to its end even when an earlier one failed, then a summary of
// each stage. `npm test -- unit`, `api`, `e2e` (or several) run those groups only; `npm run test:unit` and the
// others are these groups. The exit code is 0 only when every stage that ran passed and none was left out.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
const playwright = ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts'];

/**
 * The stages, in order. `needsBuild`: not run when the build failed (it would only repeat that failure many times).
 * The outage test and two groups of browser tests run alone, after the others (see README "Test it").
 */
const STAGES = [
  { name: 'build', group: ['api', 'e2e'], args: ['scripts/build.mjs'] },
  { name: 'unit', group: ['unit'], args: [...jest, '--selectProjects', 'unit'] },
  {
    name: 'api',
    group: ['api'],
    needsBuild: true,
    args: [...jest, '--selectProjects', 'api', '--maxWorkers=2', '--testPathIgnorePatterns', 'database-outage'],
  },
  {
    name: 'api: database outage (alone)',
    group: ['api'],
    needsBuild: true,
    args: [...jest, '--selectProjects', 'api', '--testPathPatterns', 'database-outage'],
  },
  { name: 'browser', group: ['e2e'], needsBuild: true, args: [...playwright, '--project', 'site'] },
  {
    name: 'browser: timing (alone)',
    group: ['e2e'],
    needsBuild: true,
    args: [...playwright, '--project', 'timing', '--no-deps'],
  },
  {
    name: 'browser: releases (alone, last)',
    group: ['e2e'],
    needsBuild: true,
    args: [...playwright, '--project', 'shipping', '--no-deps'],
  },
];

const GROUPS = ['unit', 'api', 'e2e'];
const asked = process.argv.slice(2);
const unknown = asked.filter((group) => !GROUPS.includes(group));
if (unknown.length > 0) {
  console.error(`Unknown test group ${unknown.join(', ')}: choose from ${GROUPS.join(', ')} (none: all).`);
  process.exit(2);
}
const groups = asked.length > 0 ? asked : GROUPS;
const stages = STAGES.filter((stage) => stage.group.some((group) => groups.includes(group)));

/** Runs a stage with its output shown as it comes, and answers its exit code and the output's last lines. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk) => {
      tail = (tail + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), tail }));
  });
}

// Colour codes and carriage returns out, so the counts can be read.
const plain = (text) => stripVTControlCharacters(text).replace(/\r/g, '\n');

/** What a runner said it counted: Jest's `Tests:` line, Playwright's closing counts. */
function counts(tail) {
  const text = plain(tail);
  const jestLine = [...text.matchAll(/^Tests:\s+(.+)$/gm)].pop();
  if (jestLine) return jestLine[1].trim();
  const found = [...text.matchAll(/^\s+(\d+) (passed|failed|flaky|skipped|did not run|interrupted)\b/gm)].map(
    (match) => `${match[1]} ${match[2]}`,
  );
  return found.join(', ');
}

const results = [];
let built = true;
for (const stage of stages) {
  if (stage.needsBuild && !built) {
    results.push({ name: stage.name, outcome: 'not run: the build failed', seconds: 0, counts: '' });
    continue;
  }
  console.log(`\n━━ ${stage.name} ━━`);
  const started = Date.now();
  const { code, tail } = await run(stage.args);
  if (stage.name === 'build' && code !== 0) built = false;
  results.push({
    name: stage.name,
    outcome: code === 0 ? 'passed' : `FAILED (exit ${code})`,
    seconds: Math.round((Date.now() - started) / 1000),
    counts: stage.name === 'build' ? '' : counts(tail),
  });
}

const width = Math.max(...results.map((result) => result.name.length));
console.log('\n━━ Summary ━━');
for (const result of results) {
  const time = result.seconds > 0 ? `${result.seconds} s`.padStart(7) : ''.padStart(7);
  console.log(`${result.name.padEnd(width)}  ${result.outcome.padEnd(26)} ${time}  ${result.counts}`);
}
const failed = results.filter((result) => result.outcome !== 'passed');
console.log(
  failed.length === 0 ? '\nEvery stage passed.' : `\n${failed.length} of ${results.length} stages did not pass.`,
);
process.exit(failed.length === 0 ? 0 : 1);
