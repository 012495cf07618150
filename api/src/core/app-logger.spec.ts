import { AppLogger } from './app-logger.js';

function captured(run: (logger: AppLogger) => void, levels: ConstructorParameters<typeof AppLogger>[0]): string {
  const writes: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  try {
    run(new AppLogger(levels));
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
});
