import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the tests read it. */
export interface InboxMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * Where the lead-notification test's server delivers: a real SMTP server (npm `smtp-server`, plain SMTP on loopback
 * with a login) and a group robot's webhook answering `{errcode: 0}` like WeCom's. Both keep what they received.
 */
export class LeadInbox {
  readonly mails: InboxMail[] = [];
  readonly robotTexts: string[] = [];
  readonly account = { user: 'sales@yunfan.example.com', password: 'e2e-smtp-secret' };
  smtpPort = 0;

  private readonly smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === this.account.user && auth.password === this.account.password
        ? callback(null, { user: auth.username })
        : callback(Object.assign(new Error('Invalid login'), { responseCode: 535 })),
    onData: (stream, session, callback) => {
      void simpleParser(stream).then((mail) => {
        this.mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        });
        callback();
      }, callback);
    },
  });

  private readonly robot = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { text?: { content?: string } };
      this.robotTexts.push(body.text?.content ?? '');
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
    });
  });

  async start(robotPort: number): Promise<void> {
    await new Promise<void>((resolve) => this.smtp.listen(0, '127.0.0.1', resolve));
    this.smtpPort = (this.smtp.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => this.robot.listen(robotPort, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.robot.closeAllConnections();
    await new Promise((resolve) => this.robot.close(resolve));
    await new Promise<void>((resolve) => this.smtp.close(() => resolve()));
  }
}
