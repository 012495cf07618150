import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in for api.weixin.qq.com: counts calls and answers like WeChat does. */
export class FakeWechat {
  server = http.createServer((req, res) => this.handle(req, res));
  tokenCalls = 0;
  ticketCalls = 0;
  tokenExpiresIn = 7200;
  ticketExpiresIn = 7200;
  /** errcode answered to the next ticket request (then cleared). */
  nextTicketError: number | null = null;
  delayMs = 0;
  requests: URL[] = [];

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push(url);
    const reply = (body: object) =>
      setTimeout(() => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(body));
      }, this.delayMs);
    if (url.pathname === '/cgi-bin/token') {
      this.tokenCalls += 1;
      if (url.searchParams.get('appid') !== 'wx-test-app' || url.searchParams.get('secret') !== 'test-secret') {
        reply({ errcode: 40125, errmsg: 'invalid appsecret' });
        return;
      }
      reply({ access_token: `TOKEN-${this.tokenCalls}`, expires_in: this.tokenExpiresIn });
      return;
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      this.ticketCalls += 1;
      if (this.nextTicketError !== null) {
        const errcode = this.nextTicketError;
        this.nextTicketError = null;
        reply({ errcode, errmsg: 'access_token expired' });
        return;
      }
      reply({
        errcode: 0,
        errmsg: 'ok',
        ticket: `TICKET-for-${url.searchParams.get('access_token')}`,
        expires_in: this.ticketExpiresIn,
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  }
}
