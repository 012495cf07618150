import { createHmac } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The places a lead is delivered to, run by the tests: a real SMTP server (npm `smtp-server`) that keeps what it
 * receives, and a group robot's webhook that answers like WeCom's and DingTalk's do.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  parsed: ParsedMail;
}

export class TestSmtp {
  readonly mails: ReceivedMail[] = [];
  /** Refuse every message with a temporary error (451), as a mail server in trouble does. */
  failing = false;
  /** Take the message's text and never answer it, as a mail server that hangs after DATA does. */
  stalling = false;
  /** How many messages were taken and left unanswered (`stalling`). */
  stalled = 0;
  port = 0;
  private readonly server: SMTPServer;

  constructor(readonly account = { user: 'sales@yunfan.test', password: 'smtp-secret-1' }) {
    this.server = new SMTPServer({
      // Plain SMTP on loopback: STARTTLS is not offered, and logging in without TLS is let through.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: false,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === this.account.user && auth.password === this.account.password) {
          callback(null, { user: auth.username });
        } else {
          callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        }
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.stalling) {
            this.stalled += 1;
            return;
          }
          if (this.failing) {
            callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
            return;
          }
          void simpleParser(Buffer.concat(chunks)).then((parsed) => {
            this.mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              parsed,
            });
            callback();
          });
        });
      },
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this.port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface RobotPost {
  path: string;
  query: URLSearchParams;
  body: { msgtype?: string; text?: { content?: string } };
  at: number;
}

/**
 * A group robot's webhook: `{errcode: 0}` when it takes a message; `down` answers 503, as a service in trouble; a
 * post to a path in `silent` is read and never answered (kept in `unanswered` only), as a service that hangs.
 */
export class TestRobot {
  readonly posts: RobotPost[] = [];
  readonly unanswered: RobotPost[] = [];
  down = false;
  silent: string[] = [];
  private server = this.create();
  port = 0;

  private create(): http.Server {
    return http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://robot');
        let body: RobotPost['body'] = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RobotPost['body'];
        } catch {
          // kept empty: the assertions say so
        }
        const post = { path: url.pathname, query: url.searchParams, body, at: Date.now() };
        if (this.silent.includes(url.pathname)) {
          this.unanswered.push(post);
          return;
        }
        res.setHeader('Content-Type', 'application/json');
        if (this.down) {
          res.statusCode = 503;
          res.end(JSON.stringify({ errcode: -1, errmsg: 'system busy' }));
          return;
        }
        this.posts.push(post);
        res.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
      });
    });
  }

  /** Starts on `port` (0: any), again on the same one after `stop()`. */
  async start(port = this.port): Promise<string> {
    this.server = this.create();
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.origin;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The texts received on `path`. */
  texts(path: string): string[] {
    return this.posts.filter((p) => p.path === path).map((p) => p.body.text?.content ?? '');
  }
}

/**
 * A service on the server's network that is not a mail server: on each connection it says `banner` (a line, as SSH,
 * Redis's errors or a database's greeting do), or nothing at all when `banner` is null.
 */
export class TestService {
  port = 0;
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly banner: string | null) {
    this.server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      if (this.banner !== null) socket.write(`${this.banner}\r\n`);
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // Connections a client left open end with the service.
    for (const socket of this.sockets) socket.destroy();
    return closed;
  }
}

/** A port on loopback that nothing listens on (one was just there and closed). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a DingTalk post carries a valid 加签 for `secret`. */
export function dingtalkSigned(post: RobotPost, secret: string): boolean {
  const timestamp = post.query.get('timestamp') ?? '';
  const expected = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
  return post.query.get('sign') === expected && Math.abs(Date.now() - Number(timestamp)) < 60_000;
}

/** Waits until `check` holds (polling), or fails with `what`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
