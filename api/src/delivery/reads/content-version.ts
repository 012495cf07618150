import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { isServerStopping, unlessStopping } from '../../core/server-stopping.js';
import { listenOn, readContentVersion } from './content-version.queries.js';

const CHANNEL = 'content_changed';
/** A remote's release pointer changed (docs/architecture.md "Releases"): announced on the same connection. */
const RELEASES_CHANNEL = 'releases_changed';
/** Backoff of the listener's reconnection: capped low, since until it listens again the cache may be stale. */
const RECONNECT_MS = [250, 500, 1000, 2000];

/**
 * The published content's version (docs/decisions.md "Published-content cache"): the database bumps it in the
 * same transaction as every write to a public table and announces it on `content_changed` at commit. This
 * process listens on its own connection and tells its listeners (the cache) when the content changed. A
 * listening connection that drops misses announcements, so reconnecting counts as a change too. After a write
 * of its own, the process asks the database (`check`) instead of waiting for the announcement, so the writer's
 * next read is fresh.
 */
@Injectable()
export class ContentVersion implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Cache');
  private readonly listeners = new Set<() => void>();
  private readonly releaseListeners = new Set<() => void>();
  private version: string | null = null;
  private client: pg.Client | null = null;
  private stopped = false;
  private attempts = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether announcements reach this process now (its listening connection is up). */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Called when a release pointer changed, and after listening again (a change may have been missed). */
  onReleasesChanged(listener: () => void): () => void {
    this.releaseListeners.add(listener);
    return () => this.releaseListeners.delete(listener);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.cache.enabled) return;
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Reads the version and tells the listeners if it moved. */
  async check(): Promise<void> {
    this.seen((await readContentVersion(this.db)) ?? null);
  }

  private seen(version: string | null): void {
    if (version === this.version) return;
    const first = this.version === null;
    this.version = version;
    if (!first) this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private async listen(): Promise<void> {
    this.timer = null;
    if (this.stopped || isServerStopping()) return;
    const options = this.db.options as { url?: string };
    const client = new pg.Client({
      connectionString: options.url,
      application_name: 'yunfan-site-listen',
      // Like the pool's: an unreachable server fails the attempt in 3 s rather than at the system's TCP timeout.
      connectionTimeoutMillis: 3000,
      // A connection that only listens sends nothing: TCP keep-alive finds a silently dead one (a network cut).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) this.seen(message.payload ?? null);
      else if (message.channel === RELEASES_CHANNEL) for (const listener of this.releaseListeners) listener();
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await listenOn(client, [CHANNEL, RELEASES_CHANNEL]);
      if (this.stopped) throw new Error('stopping');
    } catch (error) {
      if (this.stopped || isServerStopping()) {
        await client.end().catch(() => undefined);
        return;
      }
      this.logger.warn(`cannot listen for content changes: ${error instanceof Error ? error.message : String(error)}`);
      await client.end().catch(() => undefined);
      this.retry();
      return;
    }
    this.client = client;
    // Whatever happened while nobody listened (first start, or a dropped connection) counts as a change.
    const reconnected = this.attempts > 0;
    this.attempts = 0;
    await this.check().catch(() => undefined);
    if (reconnected) {
      this.logger.log('listening for content changes again; the cache starts afresh');
      this.changed();
      for (const listener of this.releaseListeners) listener();
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    // What is cached stays served meanwhile (the database may be down: the cache is all there is); it is
    // dropped when listening again, since a change may have been missed. Unless the server is stopping: Ctrl-C
    // reaches PostgreSQL too, and this connection may end before this process reads its own signal.
    unlessStopping(() => {
      if (this.stopped) return;
      this.logger.warn('lost the connection that listens for content changes; reconnecting');
      this.retry();
    });
  }

  private retry(): void {
    if (this.stopped) return;
    const delay = RECONNECT_MS[Math.min(this.attempts, RECONNECT_MS.length - 1)]!;
    this.attempts++;
    this.timer = setTimeout(() => void this.listen(), delay);
    this.timer.unref();
  }
}
