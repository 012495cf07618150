import net, { type AddressInfo } from 'node:net';
import {
  notReached,
  sendMail,
  smtpReply,
  type Clock,
  type DeliveryAnswer,
  type EmailChannel,
} from './lead-channels.js';

/**
 * The mail channel against what is not a mail server (docs/behaviour.md#lead-notifications): only SMTP replies come
 * back, and every attempt that heard none answers the same words at the same moment, on a clock of the test's own.
 */

const TIMEOUT_MS = 400;
const notice = { subject: '测试', text: '测试', replyTo: null };

/** A service on loopback: says `banner` on each connection, or nothing when it is null. */
async function service(banner: string | null): Promise<{ port: number; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    if (banner !== null) socket.write(`${banner}\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    stop: () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      return closed;
    },
  };
}

async function closedPort(): Promise<number> {
  const { port, stop } = await service(null);
  await stop();
  return port;
}

const channel = (port: number, secure = false): EmailChannel => ({
  host: '127.0.0.1',
  port,
  secure,
  user: '',
  password: '',
  from: 'notice@yunfan.test',
  to: ['sales@yunfan.test'],
});

/** A clock that stands at 1,000,000 and holds every wait until the test lets it go. */
function heldClock() {
  const waits: number[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const clock: Clock = {
    now: () => 1_000_000,
    until: (time) => {
      waits.push(time);
      return released;
    },
  };
  return { clock, waits, release };
}

/**
 * Sends with a held clock, letting the wait go as soon as one is asked for: the answer, the waits asked for, and
 * the order of `released` and `answered`.
 */
async function attempt(port: number): Promise<{ answer: DeliveryAnswer; waits: number[]; events: string[] }> {
  const { clock, waits, release } = heldClock();
  const events: string[] = [];
  const sending = sendMail(channel(port), notice, TIMEOUT_MS, clock).then((answer) => {
    events.push('answered');
    return answer;
  });
  // The send's own timeout ends every attempt; the bound only keeps a broken one from spinning.
  for (let i = 0; i < 500 && waits.length === 0 && events.length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  events.push('released');
  release();
  return { answer: await sending, waits, events };
}

describe('smtpReply', () => {
  it.each([
    ['250 2.0.0 Ok: queued as 12345', '250 2.0.0 Ok: queued as 12345'],
    ['250-smtp.yunfan.test\n250 SIZE 1000', '250-smtp.yunfan.test\n250 SIZE 1000'],
    ['  451 4.3.0 try later \r\n', '451 4.3.0 try later'],
    ['554', '554'],
  ])('should keep the reply %j', (text, reply) => {
    expect(smtpReply(text)).toBe(reply);
  });

  it.each([
    'SECRET-BANNER-7f3a',
    'SSH-2.0-OpenSSH_9.6',
    'HTTP/1.1 400 Bad Request',
    '-ERR unknown command',
    '220 ok\nSECRET-BANNER-7f3a',
    '600 not a reply',
    '2500 not a reply',
    '',
  ])('should refuse %j', (text) => {
    expect(smtpReply(text)).toBeNull();
  });
});

describe('sendMail', () => {
  it('should answer the same words for a closed, a silent and a chatty port, and only when the timeout is up', async () => {
    const silent = await service(null);
    const chatty = await service('SECRET-BANNER-7f3a internal-db 5.7');
    try {
      const outcomes = [await attempt(await closedPort()), await attempt(silent.port), await attempt(chatty.port)];
      for (const { answer, waits, events } of outcomes) {
        expect(answer).toMatchObject({ ok: false, answer: notReached(channel(0)) });
        // Held until the moment the attempt began plus the timeout, and answered only once that came.
        expect([waits, events]).toEqual([[1_000_000 + TIMEOUT_MS], ['released', 'answered']]);
      }
      expect(JSON.stringify(outcomes.map((o) => o.answer.answer))).not.toContain('SECRET');
      // The server's log may say what happened.
      expect(outcomes[2]!.answer.detail).toContain('SECRET-BANNER-7f3a');
    } finally {
      await silent.stop();
      await chatty.stop();
    }
  });

  it("should answer a mail server's refusal at once, in its own words", async () => {
    const refusing = await service('554 5.3.2 no service for you');
    try {
      const { answer, waits, events } = await attempt(refusing.port);
      expect(answer).toMatchObject({ ok: false, answer: '邮件服务器拒绝：554 5.3.2 no service for you' });
      expect([waits, events]).toEqual([[], ['answered', 'released']]);
    } finally {
      await refusing.stop();
    }
  });

  it.each([
    [587, true, '465 端口使用 SSL；25 或 587 端口请关闭 SSL'],
    [25, true, '465 端口使用 SSL；25 或 587 端口请关闭 SSL'],
    [465, false, '465 端口使用 SSL，请打开 SSL/TLS'],
    [465, true, '请检查服务器地址、端口和 SSL 设置'],
    [587, false, '请检查服务器地址、端口和 SSL 设置'],
  ])('should hint from the saved port %i and SSL %s only', (port, secure, hint) => {
    expect(notReached({ port, secure })).toContain(hint);
  });
});
