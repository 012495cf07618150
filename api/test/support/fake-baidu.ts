import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BaiduRequest {
  method: string;
  path: string;
  site: string | null;
  token: string | null;
  contentType: string;
  urls: string[];
  at: number;
}

/** How the fake answers one request: Baidu's success, a refusal or failure, or a dropped connection. */
export type FakeReply = { status: number; body: unknown } | { drop: true } | { remain: number };

/**
 * A local stand-in for Baidu's link push API (`POST /urls?site=…&token=…`, one address a line): it records every
 * request and answers like Baidu does, or as the test scripted.
 */
export class FakeBaidu {
  server = http.createServer((req, res) => this.handle(req, res));
  requests: BaiduRequest[] = [];
  /** Replies used one by one before the default answer. */
  script: FakeReply[] = [];
  /** Answer every request with HTTP 500 (after the script). */
  failing = false;
  remain = 1000;
  notValid = new Set<string>();
  token = 'test-token';

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Every address pushed so far, in order. */
  get pushed(): string[] {
    return this.requests.flatMap((request) => request.urls);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      const request: BaiduRequest = {
        method: req.method ?? '',
        path: url.pathname,
        site: url.searchParams.get('site'),
        token: url.searchParams.get('token'),
        contentType: req.headers['content-type'] ?? '',
        urls: body.split('\n').filter(Boolean),
        at: Date.now(),
      };
      this.requests.push(request);
      const send = (status: number, answer: unknown) => {
        res.statusCode = status;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(answer));
      };
      const scripted = this.script.shift();
      if (scripted && 'drop' in scripted) return void res.socket?.destroy();
      if (scripted && 'status' in scripted) return send(scripted.status, scripted.body);
      if (!scripted && this.failing) return send(500, { error: 500, message: 'internal error' });
      if (request.method !== 'POST' || request.path !== '/urls') return send(404, { error: 404, message: 'not found' });
      if (request.token !== this.token) return send(401, { error: 401, message: 'token is not valid' });
      if (request.urls.length === 0) return send(400, { error: 400, message: 'empty content' });
      if (this.remain <= 0) return send(400, { error: 400, message: 'over quota' });
      const notValid = request.urls.filter((u) => this.notValid.has(u));
      const taken = request.urls.length - notValid.length;
      this.remain = scripted && 'remain' in scripted ? scripted.remain : Math.max(0, this.remain - taken);
      send(200, { remain: this.remain, success: taken, not_same_site: [], not_valid: notValid });
    });
  }
}
