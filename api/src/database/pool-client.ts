import pg from 'pg';

/**
 * pg's client as the pool makes it, never without an `error` listener.
 *
 * pg-pool takes its own listener off a client as it hands the client over, and TypeORM adds its listener a moment
 * later, in a promise's callback. An error read in between would end the process: PostgreSQL stopping (Ctrl-C reaches
 * the embedded one too) can send "terminating connection" in the same packet as the end of a new connection's
 * start-up. Nothing is lost by listening here: the client is marked broken, its user's next query fails as the
 * database being unavailable, and the pool drops the client when it comes back.
 */
export class PoolClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}
