import type { IncomingMessage } from 'node:http';
import { AppLogger, type LogSink } from './app-logger.js';
import { runInRequest } from './request-context.js';

function captured(
  run: (logger: AppLogger) => void,
  levels: ConstructorParameters<typeof AppLogger>[0],
  colors?: boolean,
): string {
  const writes: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = (chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  };
  try {
    run(new AppLogger(levels, { colors }));
  } finally {
    process.stdout.write = write;
  }
  return writes.join('');
}

describe('AppLogger', () => {
  it("should hide Nest's start-up chatter below debug", () => {
    const out = captured(
      (logger) => {
        logger.log('Mapped {/api/header, GET} route', 'RouterExplorer');
        logger.log('Seeded the demo content', 'Seed');
      },
      ['error', 'warn', 'log'],
    );
    expect(out).not.toContain('Mapped');
    expect(out).toContain('Seeded the demo content');
  });

  it('should show it at debug', () => {
    const out = captured(
      (logger) => logger.log('Mapped {/api/header, GET} route', 'RouterExplorer'),
      ['error', 'warn', 'log', 'debug'],
    );
    expect(out).toContain('Mapped');
  });

  it('should write plain text when not on a terminal, and colours on one', () => {
    const plain = captured((logger) => logger.warn('Port taken', 'Server'), ['error', 'warn', 'log'], false);
    expect(plain).toContain('WARN [Server] Port taken');
    expect(plain).not.toContain('\x1b[');
    const coloured = captured((logger) => logger.warn('Port taken', 'Server'), ['error', 'warn', 'log'], true);
    expect(coloured).toContain('\x1b[');
  });

  it("should hide Nest's own 'successfully started', which comes before the port is taken", () => {
    const out = captured(
      (logger) => logger.log('Nest application successfully started', 'NestApplication'),
      ['error', 'warn', 'log'],
    );
    expect(out).toBe('');
  });

  describe('in JSON', () => {
    const levels: ConstructorParameters<typeof AppLogger>[0] = ['error', 'warn', 'log'];
    function json(run: (logger: AppLogger) => void): Array<{ stream: string; line: Record<string, unknown> }> {
      const lines: Array<{ stream: string; line: Record<string, unknown> }> = [];
      const sink: LogSink = (text, stream) => {
        expect(text.endsWith('\n')).toBe(true);
        expect(text.slice(0, -1)).not.toContain('\n');
        lines.push({ stream, line: JSON.parse(text) as Record<string, unknown> });
      };
      run(new AppLogger(levels, { format: 'json', sink }));
      return lines;
    }

    it('should write one object per line with time, level, context and msg', () => {
      const [entry] = json((logger) => logger.log('Seeded the demo content', 'Seed'));
      expect(entry).toEqual({
        stream: 'stdout',
        line: { time: expect.any(String), level: 'info', context: 'Seed', msg: 'Seeded the demo content' },
      });
      expect(new Date(entry!.line.time as string).toISOString()).toBe(entry!.line.time);
    });

    it('should add the request id to every line written in the request, wherever it is written from', async () => {
      const req = { headers: { 'x-request-id': 'req-42' } } as unknown as IncomingMessage;
      const lines = await new Promise<ReturnType<typeof json>>((resolve) => {
        const collected: ReturnType<typeof json> = [];
        const logger = new AppLogger(levels, {
          format: 'json',
          sink: (text, stream) => collected.push({ stream, line: JSON.parse(text) as Record<string, unknown> }),
        });
        runInRequest(req, () => {
          logger.warn('first', 'Pages');
          setTimeout(() => {
            logger.log('later, in a timer of the request', 'SSR');
            resolve(collected);
          }, 1);
        });
        logger.log('outside', 'Server');
      });
      expect(lines.map(({ line }) => [line.msg, line.requestId])).toEqual([
        ['first', 'req-42'],
        ['outside', undefined],
        ['later, in a timer of the request', 'req-42'],
      ]);
    });

    it('should carry the stack of an error, on stderr, and structured fields without letting them replace its own', () => {
      const error = new Error('boom');
      const [failure, access] = json((logger) => {
        logger.error('GET /x failed', error.stack, 'Exceptions');
        logger.warn('slow', { ms: 812, route: 'page', level: 'forged', msg: 'forged' }, 'Access');
      });
      expect(failure).toEqual({
        stream: 'stderr',
        line: expect.objectContaining({
          level: 'error',
          context: 'Exceptions',
          msg: 'GET /x failed',
          stack: error.stack,
        }),
      });
      expect(access!.line).toEqual(
        expect.objectContaining({ level: 'warn', context: 'Access', msg: 'slow', ms: 812, route: 'page' }),
      );
    });

    it('should take an Error as the message, with its stack', () => {
      const error = new Error('lost');
      const [entry] = json((logger) => logger.error(error, 'Database'));
      expect(entry!.line).toEqual(expect.objectContaining({ msg: 'lost', stack: error.stack, context: 'Database' }));
    });
  });
});
