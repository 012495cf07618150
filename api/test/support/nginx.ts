import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

export interface TestNginx {
  base: string;
  stop(): void;
}

/**
 * Starts Debian's nginx (`apt-get install nginx-light`) on a free loopback port with the configuration `conf`
 * writes: it is given the port to listen on and a folder of its own (for a cache), and must not set `pid` or
 * `error_log` (they are put in that folder).
 */
export async function startNginx(conf: (port: number, dir: string) => string): Promise<TestNginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yunfan-nginx-'));
  // nginx's workers run as nobody when the tests run as root: they must reach the folder (a cache in it).
  chmodSync(dir, 0o777);
  const port = await freePort();
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, conf(port, dir));
  const globals = `pid ${dir}/nginx.pid; error_log ${dir}/error.log;`;
  const started = spawnSync('nginx', ['-c', file, '-p', dir, '-g', globals], { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`nginx did not start (apt-get install nginx-light): ${started.stderr}`);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      spawnSync('nginx', ['-c', file, '-p', dir, '-g', globals, '-s', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
