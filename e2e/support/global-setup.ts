import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIN_HOST, MOBILE_HOST } from './chromium';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Starts the production server on a free port with a fresh embedded database; tests read E2E_PORT. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mainJs = path.join(REPO_ROOT, 'api', 'dist', 'src', 'main.js');
  if (!existsSync(mainJs)) throw new Error('The server is not built: run `npm run build` (npm test does it first).');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yunfan-e2e-'));
  chmodSync(dataDir, 0o755);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MOBILE_HOSTS: MOBILE_HOST,
    ALLOWED_HOSTS: MAIN_HOST,
    ADMIN_PASSWORD: 'E2E-admin-2026',
    // A WeChat account, so the mobile pages register sharing; the tests answer /api/share themselves (the
    // server's own calls to WeChat go nowhere: nothing listens on port 9).
    WECHAT_APPID: 'wx0e2e0000000000',
    WECHAT_SECRET: 'e2e-secret',
    WECHAT_API_BASE: 'http://127.0.0.1:9',
    LOG_LEVEL: 'log',
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [mainJs], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // The server's log, for tests that check what it reported (E2E_SERVER_LOG).
  const logFile = path.join(dataDir, 'server.log');
  const capture = (chunk: Buffer) => {
    output += chunk.toString();
    appendFileSync(logFile, chunk);
  };
  server.stdout.on('data', capture);
  server.stderr.on('data', capture);
  process.env.E2E_SERVER_LOG = logFile;

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const ready = /Ready in \d+ ms: http:\/\/localhost:(\d+)\//.exec(output);
      if (ready) {
        clearInterval(timer);
        resolve(Number(ready[1]));
      } else if (server.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the server exited:\n${output}`));
      }
    }, 100);
    setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`the server was not ready after 60 s:\n${output}`));
    }, 60_000);
  });
  process.env.E2E_PORT = String(port);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
