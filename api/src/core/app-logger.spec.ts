import { AppLogger } from './app-logger.js';

function captured(
  run: (logger: AppLogger) => void,
  levels: ConstructorParameters<typeof AppLogger>[0],
  colors?: boolean,
): string {
  const writes: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  try {
    run(new AppLogger(levels, colors));
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
});
