import net from 'node:net';
import pg from 'pg';
import { PoolClient } from './pool-client.js';

/** A message of PostgreSQL's wire protocol: its type, its length, its body. */
function message(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
}

/**
 * A server that accepts a connection's start-up and, in the same packet, terminates it the way a stopping PostgreSQL
 * does: AuthenticationOk, ReadyForQuery, then the FATAL 57P01 error.
 */
async function stoppingServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const fields = ['SFATAL', 'VFATAL', 'C57P01', 'Mterminating connection due to administrator command'];
  const error = Buffer.concat([...fields.map((field) => Buffer.from(`${field}\0`)), Buffer.from([0])]);
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      socket.write(
        Buffer.concat([message('R', Buffer.from([0, 0, 0, 0])), message('Z', Buffer.from('I')), message('E', error)]),
      );
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('PoolClient', () => {
  it('should outlive an error that arrives while the pool hands the connection over, and fail its next query', async () => {
    const server = await stoppingServer();
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: server.port,
      user: 'site',
      database: 'site',
      Client: PoolClient,
    });
    try {
      // As TypeORM does: its own error listener only once the promise has resolved, after the error was read.
      const client = await pool.connect();
      client.on('error', () => undefined);
      await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable|terminat/i);
      client.release();
    } finally {
      await pool.end();
      await server.close();
    }
  });
});
