import { promises as fs } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedDatabaseError, startEmbeddedPostgres } from '../src/database/embedded-postgres.js';

/**
 * The embedded PostgreSQL's start (src/database/embedded-postgres.ts) when the port it found free is taken before
 * the server listens on it, as any connection the machine opens meanwhile may be given that port.
 */

let work: string;
let taken: net.Server;
let takenPort: number;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'embedded-'));
  // Run as root, PostgreSQL runs as the postgres user, who must be able to enter the folder.
  await fs.chmod(work, 0o755);
  taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  takenPort = (taken.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
  await fs.rm(work, { recursive: true, force: true });
});

/** A free loopback port, found the way the start finds one. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the embedded PostgreSQL start', () => {
  it('should listen on another free port when the one it found is taken before it starts', async () => {
    const lines: string[] = [];
    const found = [takenPort];
    const database = await startEmbeddedPostgres({
      dataDir: path.join(work, 'moved'),
      log: (line) => lines.push(line),
      freePort: async () => found.shift() ?? freePort(),
    });
    try {
      expect(database.port).not.toBe(takenPort);
      expect(lines).toContain(`Port ${takenPort} was taken before PostgreSQL could listen on it; trying another`);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        expect((await client.query('SELECT current_database() AS name')).rows).toEqual([{ name: 'site' }]);
      } finally {
        await client.end();
      }
    } finally {
      await database.stop();
    }
  });

  it('should refuse a fixed port that is taken, saying why', async () => {
    const start = startEmbeddedPostgres({ dataDir: path.join(work, 'fixed'), port: takenPort });
    await expect(start).rejects.toThrow(EmbeddedDatabaseError);
    await expect(start).rejects.toThrow(/did not start[\s\S]*Address already in use/);
  });
});
