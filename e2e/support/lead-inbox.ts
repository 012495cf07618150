import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { robotPort } from './site';

/** A mail as the tests read it. */
export interface InboxMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * Where the lead-notification test's server delivers mail: a real SMTP server (npm `smtp-server`, plain SMTP on
 * loopback with a login) that keeps what it received. Its group robot is the runner's (`robotTexts`).
 */
export class LeadInbox {
  readonly mails: InboxMail[] = [];
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

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.smtp.listen(0, '127.0.0.1', resolve));
    this.smtpPort = (this.smtp.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.smtp.close(() => resolve()));
  }
}

/** The texts this worker's group robot has received (it runs in the runner: support/global-setup.ts). */
export async function robotTexts(): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${robotPort()}/received`);
  return (await response.json()) as string[];
}
