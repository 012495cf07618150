import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { MAIN_HOST, MOBILE_HOST } from './chromium';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Starts one production server per test worker, each on a free port with its own fresh embedded database and its
 * own stand-in for Baidu, so that workers never see each other's writes. A worker finds its server by its
 * parallel index (`serverFor` in site.ts reads E2E_PORTS and E2E_SERVER_LOGS).
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const mainJs = path.join(REPO_ROOT, 'api', 'dist', 'src', 'main.js');
  if (!existsSync(mainJs)) throw new Error('The server is not built: run `npm run build` (npm test does it first).');
  const servers = await Promise.all(Array.from({ length: Math.max(1, config.workers) }, () => startServer(mainJs)));
  process.env.E2E_PORTS = servers.map((server) => server.port).join(',');
  process.env.E2E_SERVER_LOGS = servers.map((server) => server.logFile).join(',');
  process.env.E2E_ROBOT_PORTS = servers.map((server) => server.robotPort).join(',');
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}

/** One server for one worker: its port, its log file (for tests that check what it reported) and how to stop it. */
async function startServer(
  mainJs: string,
): Promise<{ port: number; logFile: string; robotPort: number; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yunfan-e2e-'));
  chmodSync(dataDir, 0o755);

  const baidu = await startFakeBaidu();
  // The lead-notification test's group robot: the only robot address besides WeCom's and DingTalk's own that this
  // server accepts. It listens from here on, so no other program can take its port first.
  const robot = await startRobot();
  const robotPort = robot.port;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    // One process per server: the tests run several servers side by side instead.
    WORKERS: '1',
    DATA_DIR: dataDir,
    MOBILE_HOSTS: MOBILE_HOST,
    ALLOWED_HOSTS: MAIN_HOST,
    ADMIN_PASSWORD: 'E2E-admin-2026',
    // A WeChat account, so the mobile pages register sharing; the tests answer /api/share themselves (the
    // server's own calls to WeChat go nowhere: nothing listens on port 9).
    WECHAT_APPID: 'wx0e2e0000000000',
    WECHAT_SECRET: 'e2e-secret',
    WECHAT_API_BASE: 'http://127.0.0.1:9',
    // Baidu's link push, against a local stand-in that takes every address (the back-office push screen shows it).
    BAIDU_PUSH_TOKEN: BAIDU_PUSH.token,
    BAIDU_PUSH_SITE: BAIDU_PUSH.site,
    BAIDU_PUSH_API: baidu.url,
    LOG_LEVEL: 'log',
    // A canary is judged after a handful of pages (the canary test breaks one on purpose).
    CANARY_MIN_VIEWS: '4',
    // Every browser of the tests comes from this machine: one visitor.
    CANARY_MIN_VISITORS: '1',
    LEAD_NOTIFY_WEBHOOK_ORIGINS: `http://127.0.0.1:${robotPort}`,
    LEAD_NOTIFY_RETRY_MS: '500',
    // Files that leave messages say they come from addresses of their own (support/site.ts `ownAddress`).
    TRUST_PROXY: '1',
    // No page loads the visitor-experience reporter by chance; its test puts itself in the sample.
    VITALS_SAMPLE_PERCENT: '0',
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [mainJs], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const logFile = path.join(dataDir, 'server.log');
  const capture = (chunk: Buffer) => {
    output += chunk.toString();
    appendFileSync(logFile, chunk);
  };
  server.stdout.on('data', capture);
  server.stderr.on('data', capture);

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

  return {
    port,
    logFile,
    robotPort,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      await baidu.stop();
      await robot.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The link push the e2e server is configured with (BAIDU_PUSH_*). */
export const BAIDU_PUSH = { token: 'e2e-baidu-token', site: 'https://www.yunfan.example.com' };

/**
 * A stand-in for Baidu's link push API (`POST /urls?site=…&token=…`, one address a line) that takes every address
 * and counts the day's quota down from 500, in the runner's process for as long as the tests run.
 */
async function startFakeBaidu(): Promise<{ url: string; stop: () => Promise<void> }> {
  let remain = 500;
  const { port, stop } = await startStandIn((req, body, res) => {
    const query = new URL(req.url ?? '/', 'http://fake').searchParams;
    const urls = body.split('\n').filter(Boolean);
    const ok = req.method === 'POST' && query.get('token') === BAIDU_PUSH.token && urls.length > 0;
    remain = ok ? Math.max(0, remain - urls.length) : remain;
    res.statusCode = ok ? 200 : 401;
    return ok
      ? { remain, success: urls.length, not_same_site: [], not_valid: [] }
      : { error: 401, message: 'token is not valid' };
  });
  return { url: `http://127.0.0.1:${port}`, stop };
}

/**
 * A stand-in for a group robot's webhook (any `POST`, answered `{errcode: 0}` like WeCom's) that keeps the texts it
 * received and answers them to `GET /received` (`robotTexts` in support/lead-inbox.ts).
 */
async function startRobot(): Promise<{ port: number; stop: () => Promise<void> }> {
  const texts: string[] = [];
  return startStandIn((req, body) => {
    if (req.method === 'GET' && req.url === '/received') return texts;
    const sent = JSON.parse(body || '{}') as { text?: { content?: string } };
    texts.push(sent.text?.content ?? '');
    return { errcode: 0, errmsg: 'ok' };
  });
}

/**
 * A JSON service on a free loopback port, in the runner's process: `answer` gets each request with its whole body
 * and returns what is sent back (it may set the status first).
 */
async function startStandIn(
  answer: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => unknown,
): Promise<{ port: number; stop: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = answer(req, Buffer.concat(chunks).toString('utf8'), res);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
