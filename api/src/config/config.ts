import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  AUDIT_MIN_RETENTION_DAYS,
  REMOTE_NAMES,
  remotePackage,
  type HydrationMode as Hydration,
  type MapProvider,
  type RemoteName,
  UPLOAD_RULES,
  VITALS_DEFAULT_SAMPLE_PERCENT,
} from '@site/shared-types';
import { CronError, parseCron, type CronSchedule } from './cron.js';

/** The validated configuration the server runs with (see the README's configuration table). */
export interface AppConfig {
  port: number;
  host: string;
  /** `null`: start the embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | null;
  /** The embedded PostgreSQL's port (`null`: a free one) and listen addresses (docs/decisions.md "Several processes"). */
  embeddedPostgres: { port: number | null; listen: string[] };
  /** Absolute; holds the embedded database (`postgres/`) and uploaded media (`uploads/`). */
  dataDir: string;
  uploadsDir: string;
  /** Hosts that serve the mobile site at their root (docs/behaviour.md#redirect-rules). */
  mobileHosts: string[];
  /** Public origin used in absolute links (canonical URLs, share cards); `null` derives it from the request. */
  publicUrl: string | null;
  /** With `publicUrl`: pages asked for on another host answer 301 to it (`PUBLIC_URL_REDIRECT`). */
  publicUrlRedirect: boolean;
  /** Without `publicUrl`: the `Host` values trusted in links besides loopback and the mobile hosts (`ALLOWED_HOSTS`). */
  allowedHosts: string[];
  wechat: {
    appId: string | null;
    secret: string | null;
    apiBase: string;
  };
  admin: {
    /** E-mail of the first administrator, created at the first start. */
    email: string;
    /** Their password; `null`: a strong one is generated and printed once. */
    password: string | null;
    /** Rows per page of the back-office lists. */
    pageSize: number;
    /** Days the audit trail keeps a record (at least 180, docs/behaviour.md#audit-trail). */
    auditRetentionDays: number;
  };
  uploads: {
    /** Largest accepted upload, in bytes. */
    maxBytes: number;
  };
  /** Where uploads and their image variants are kept, and where visitors fetch them (docs/decisions.md "Media storage"). */
  media: MediaConfig;
  /** Origins allowed to call the API from another site (CORS); empty: none. */
  corsOrigins: string[];
  frontend: FrontendConfig;
  analyticsId: string | null;
  /** The share of public page views (0–100) whose browsers report their visitor-experience figures. */
  vitalsPercent: number;
  /** Express `trust proxy` setting: how many proxies sit in front of the app (0: none). */
  trustProxy: number;
  logLevel: LogLevel;
  /** `text` (readable lines) or `json` (one object per line, for a log collector): `LOG_FORMAT`. */
  logFormat: LogFormat;
  /** `/api/metrics`: loopback clients only, or with `token` set, anyone presenting it as a Bearer token. */
  metrics: { token: string | null };
  /** Seed the demo content into an empty database. */
  seed: boolean;
  /** The published-content cache of public answers and pages (docs/decisions.md). */
  cache: { enabled: boolean; maxBytes: number };
  /** Baidu's link push (普通收录), docs/behaviour.md#baidu-link-push. */
  baiduPush: BaiduPushConfig;
  /** New leads sent to the sales team (docs/behaviour.md#lead-notifications); the channels are set in the back office. */
  leads: LeadNotifyConfig;
  /** On SIGTERM/SIGINT, how long requests under way may take to finish before their connections are cut. */
  shutdownTimeoutMs: number;
  /** Server processes on the one port (`WORKERS`): 1 runs in this process; more are forked by it (api/src/workers.ts). */
  workers: number;
  /** Backups (README "Backups"): where archives go, and the optional schedule of the server's own. */
  backup: BackupConfig;
  /**
   * Remote releases (docs/architecture.md "Releases"): a canary whose visitors met a failure more often than
   * `maxErrorPercent`, once it served `minViews` pages to `minVisitors` distinct visitors, is rolled back; `watch`: this process does the background work (counts, the
   * canary's judgement, the build's `current.json`); off in the release command.
   */
  releases: { maxErrorPercent: number; minViews: number; minVisitors: number; watch: boolean };
  /** `schedule`: this process publishes scheduled cases and articles when due (off in the commands and tests). */
  publishing: { schedule: boolean };
}

export const MEDIA_STORAGES = ['local', 's3'] as const;

export interface MediaConfig {
  /** `MEDIA_STORAGE`: `local` keeps the objects under DATA_DIR; `s3` in the bucket of `s3`. */
  storage: (typeof MEDIA_STORAGES)[number];
  /** The S3-compatible store (`S3_*`), when `S3_BUCKET` is set: used by `s3`, and by `npm run media -- migrate`. */
  s3: S3Config | null;
  /** `MEDIA_PUBLIC_BASE_URL`: visitors are sent there for media (a CDN or the bucket's public address), no slash at the end. */
  publicBaseUrl: string | null;
}

export interface S3Config {
  bucket: string;
  /** `null`: AWS's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  /** `null` (both): the AWS SDK's own credential chain (environment, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: what most self-hosted stores need. */
  forcePathStyle: boolean;
}

export interface BackupConfig {
  /** `BACKUP_CRON`; `null`: the server makes no archives by itself. */
  cron: CronSchedule | null;
  /** Scheduled archives kept; older ones are deleted (`BACKUP_KEEP`). */
  keep: number;
  /** Absolute; the default folder of `npm run backup` and the scheduled archives (`BACKUP_DIR`). */
  dir: string;
}

export interface BaiduPushConfig {
  /** `null` with `site`: push is not configured (nothing is sent). */
  token: string | null;
  /** The site as registered on Baidu's webmaster platform, sent as `?site=` (`www.example.com` or `https://…`). */
  site: string | null;
  /** The origin the pushed addresses are on: the site's (`http://` for a bare host); `null` when unconfigured. */
  origin: string | null;
  /** The API's origin (tests point it at a local fake). */
  api: string;
  /** The first retry's delay; each further one doubles it. */
  retryMs: number;
}

export interface LeadNotifyConfig {
  /** The first retry's delay (`LEAD_NOTIFY_RETRY_MS`); each further one doubles it, up to ten minutes. */
  retryMs: number;
  /** How long one delivery may take (`LEAD_NOTIFY_TIMEOUT_MS`): connecting, and each answer of the server. */
  timeoutMs: number;
  /**
   * Origins a robot's address may have besides WeCom's and DingTalk's own (`LEAD_NOTIFY_WEBHOOK_ORIGINS`): a relay of
   * one's own, or a test's receiver. Nothing else is accepted, so the setting cannot aim the server elsewhere.
   */
  webhookOrigins: string[];
}

export const BAIDU_PUSH_VARIABLES = ['BAIDU_PUSH_TOKEN', 'BAIDU_PUSH_SITE'] as const;

export { REMOTE_NAMES, type RemoteName } from '@site/shared-types';

export interface FrontendConfig {
  /** The shell's build (index.html, assets.json, assets/); or `shellUrl` serves them (development). */
  shellDir: string;
  shellUrl: string | null;
  /**
   * Per remote: this machine's build folder, its releases and `current.json` (`REMOTE_<NAME>_DIR`; a release is
   * served once taken from there into the media store), and `REMOTE_<NAME>_URL`: a fixed remote on another origin,
   * or with `{release}` in it, where the browser loads the release the pointer names (a CDN origin holding the
   * releases' browser builds).
   */
  remotes: Record<RemoteName, { dir: string; url: string | null }>;
  /**
   * `REMOTE_PUBLIC_BASE_URL`: where browsers load the releases kept in the media store (a CDN or the bucket's public
   * address), no slash at the end; below it, a release's files have their store keys (`releases/<remote>/<id>/web/…`).
   * `null`: this server sends them under `/remotes/`.
   */
  remotePublicBaseUrl: string | null;
  /** Render the public pages on the server (off: every page is rendered in the browser). */
  ssr: boolean;
  /** When a server-rendered page starts its scripts (docs/decisions.md "Hydration"). */
  hydration: Hydration;
  /** The map beside the contact details: `none` draws a map card, `osm` embeds OpenStreetMap. */
  mapProvider: MapProvider;
}

export const MAP_PROVIDERS = ['none', 'osm'] as const satisfies readonly MapProvider[];
export const HYDRATION_MODES = ['eager', 'idle', 'demand'] as const satisfies readonly Hydration[];

export const LOG_LEVELS = ['error', 'warn', 'log', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export const APP_CONFIG = Symbol('APP_CONFIG');

export const DEFAULT_ADMIN_EMAIL = 'admin@yunfan.example.com';

/** A configuration value is unusable; the message names the variable and says what is expected. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = read(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute URL (got "${redact(raw)}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
  }
  return raw.replace(/\/+$/, '');
}

/** Hides a password inside a URL before it is printed. */
function redact(raw: string): string {
  return raw.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/** A host name with an optional port (`MOBILE_HOSTS`). */
const HOST = /^[a-z0-9.-]+(:\d+)?$/;
/**
 * `ALLOWED_HOSTS`: a host name, with a port or not, or `.example.com` for a domain and every name under it, or an
 * IPv6 address in brackets.
 */
const ALLOWED_HOST = /^(\.?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?|\[[0-9a-f:.]+\](:\d{1,5})?)$/;

/** A comma-separated list of hosts, lower case, each matching `pattern`. */
function hostList(env: Env, name: string, pattern: RegExp = HOST): string[] {
  const raw = read(env, name);
  if (raw === null) return [];
  const hosts = raw
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!pattern.test(host)) {
      throw new ConfigError(name, `must be a comma-separated list of host names (got "${host}")`);
    }
  }
  return hosts;
}

/** `EMBEDDED_PG_LISTEN`: IP addresses, or `*` for every interface; loopback by default. */
function listenAddresses(env: Env): string[] {
  const raw = read(env, 'EMBEDDED_PG_LISTEN');
  if (raw === null) return ['127.0.0.1'];
  const addresses = raw
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  for (const address of addresses) {
    if (address !== '*' && isIP(address) === 0) {
      throw new ConfigError(
        'EMBEDDED_PG_LISTEN',
        `must be a comma-separated list of IP addresses or * (got "${address}")`,
      );
    }
  }
  return addresses;
}

function originList(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === null) return [];
  return raw
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((origin) => {
      let parsed: URL;
      try {
        parsed = new URL(origin);
      } catch {
        throw new ConfigError(
          name,
          `must be a comma-separated list of origins like https://www.example.com (got "${origin}")`,
        );
      }
      if (!['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
        throw new ConfigError(
          name,
          `must be a comma-separated list of origins like https://www.example.com (got "${origin}")`,
        );
      }
      return parsed.origin;
    });
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(env, name);
  if (raw === null) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === null) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
}

/**
 * DATABASE_URL, with DATABASE_PASSWORD (when set) put in as its password, percent-encoded: a password holding
 * `@ : / # ?` or `%` cannot be written into a URL as it is (docker-compose.yml passes it this way).
 */
function databaseUrl(env: Env): string | null {
  const raw = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const password = env.DATABASE_PASSWORD;
  if (password === undefined || password === '') return raw;
  if (raw === null) throw new ConfigError('DATABASE_PASSWORD', 'needs DATABASE_URL (the server it is the password of)');
  const parsed = new URL(raw);
  if (!parsed.username) throw new ConfigError('DATABASE_URL', 'must name the user DATABASE_PASSWORD belongs to');
  parsed.password = encodeURIComponent(password);
  return parsed.toString().replace(/\/+$/, '');
}

/**
 * One server process per core by default, at most 8: each keeps a pool of up to 10 database connections, and
 * PostgreSQL's default allows 100 in all (docs/decisions.md "Several processes").
 */
const DEFAULT_WORKERS = Math.min(availableParallelism(), 8);
const MAX_WORKERS = 64;

/** Every environment variable the server reads: the README's table documents each, docker-compose.yml passes each. */
export const CONFIG_VARIABLES = [
  'PORT',
  'HOST',
  'WORKERS',
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'EMBEDDED_PG_PORT',
  'EMBEDDED_PG_LISTEN',
  'DATA_DIR',
  'SEED',
  'MOBILE_HOSTS',
  'PUBLIC_URL',
  'PUBLIC_URL_REDIRECT',
  'ALLOWED_HOSTS',
  'WECHAT_APPID',
  'WECHAT_SECRET',
  'WECHAT_API_BASE',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'ADMIN_PAGE_SIZE',
  'AUDIT_RETENTION_DAYS',
  'UPLOAD_MAX_BYTES',
  'MEDIA_STORAGE',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'MEDIA_PUBLIC_BASE_URL',
  'CORS_ORIGINS',
  'ANALYTICS_ID',
  'VITALS_SAMPLE_PERCENT',
  'SSR',
  'HYDRATION',
  'MAP_PROVIDER',
  'SHELL_DIR',
  'SHELL_URL',
  ...REMOTE_NAMES.map((name) => `REMOTE_${name.toUpperCase()}_URL`),
  ...REMOTE_NAMES.map((name) => `REMOTE_${name.toUpperCase()}_DIR`),
  'REMOTE_PUBLIC_BASE_URL',
  'CANARY_MAX_ERROR_PERCENT',
  'CANARY_MIN_VIEWS',
  'CANARY_MIN_VISITORS',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'METRICS_TOKEN',
  'CACHE',
  'CACHE_MAX_MB',
  'BAIDU_PUSH_TOKEN',
  'BAIDU_PUSH_SITE',
  'BAIDU_PUSH_API',
  'BAIDU_PUSH_RETRY_MS',
  'LEAD_NOTIFY_RETRY_MS',
  'LEAD_NOTIFY_TIMEOUT_MS',
  'LEAD_NOTIFY_WEBHOOK_ORIGINS',
  'SHUTDOWN_TIMEOUT_MS',
  'BACKUP_CRON',
  'BACKUP_KEEP',
  'BACKUP_DIR',
] as const;

/**
 * Baidu's link push: a token and the site as registered there, both or neither. Baidu refuses addresses of
 * another site, so with `PUBLIC_URL` set the two must name the same origin (a bare host means `http://`).
 */
function baiduPush(env: Env, publicUrl: string | null): BaiduPushConfig {
  const token = read(env, 'BAIDU_PUSH_TOKEN');
  const site = read(env, 'BAIDU_PUSH_SITE')?.replace(/\/+$/, '') || null;
  const api = url(env, 'BAIDU_PUSH_API', ['http:', 'https:']) ?? 'http://data.zz.baidu.com';
  const retryMs = integer(env, 'BAIDU_PUSH_RETRY_MS', 60_000, 10, 86_400_000);
  if ((token === null) !== (site === null)) {
    throw new ConfigError(
      token === null ? 'BAIDU_PUSH_TOKEN' : 'BAIDU_PUSH_SITE',
      'must be set together with its pair',
    );
  }
  if (token === null || site === null) return { token: null, site: null, origin: null, api, retryMs };
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(token)) {
    throw new ConfigError('BAIDU_PUSH_TOKEN', "must be the token of Baidu's push API (letters, digits, _ and -)");
  }
  const hostForm = /^[a-z0-9.-]+(:\d+)?$/i.test(site);
  let origin: string;
  try {
    const parsed = new URL(hostForm ? `http://${site}` : site);
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== (hostForm ? `http://${site}` : site)) {
      throw new Error('not an origin');
    }
    origin = parsed.origin;
  } catch {
    throw new ConfigError(
      'BAIDU_PUSH_SITE',
      `must be the site as registered on Baidu: www.example.com or https://www.example.com (got "${site}")`,
    );
  }
  if (publicUrl !== null && new URL(publicUrl).origin !== origin) {
    throw new ConfigError('BAIDU_PUSH_SITE', `must name the same site as PUBLIC_URL (${publicUrl}); got "${site}"`);
  }
  return { token, site, origin, api, retryMs };
}

/** `METRICS_TOKEN`: long enough not to be guessed, and only characters that travel in a header as they are. */
function metricsToken(env: Env): string | null {
  const token = read(env, 'METRICS_TOKEN');
  if (token !== null && !/^[A-Za-z0-9._~+/=-]{16,256}$/.test(token)) {
    throw new ConfigError(
      'METRICS_TOKEN',
      'must be 16 to 256 letters, digits or . _ ~ + / = - (e.g. openssl rand -hex 24)',
    );
  }
  return token;
}

function media(env: Env): MediaConfig {
  const storage = oneOf(env, 'MEDIA_STORAGE', MEDIA_STORAGES, 'local');
  const bucket = read(env, 'S3_BUCKET');
  if (storage === 's3' && bucket === null) throw new ConfigError('S3_BUCKET', 'must be set when MEDIA_STORAGE is s3');
  if (bucket !== null && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      'S3_BUCKET',
      `must be a bucket name: 3 to 63 lower-case letters, digits, . and - (got "${bucket}")`,
    );
  }
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new ConfigError(
      accessKeyId === null ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY',
      'must be set together with its pair',
    );
  }
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:']);
  const region = read(env, 'S3_REGION') ?? 'us-east-1';
  const forcePathStyle = flag(env, 'S3_FORCE_PATH_STYLE', false);
  return {
    storage,
    s3:
      bucket === null
        ? null
        : {
            bucket,
            endpoint,
            region,
            credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
            forcePathStyle,
          },
    publicBaseUrl: url(env, 'MEDIA_PUBLIC_BASE_URL', ['http:', 'https:']),
  };
}

function backup(env: Env, cwd: string, dataDir: string): BackupConfig {
  const raw = read(env, 'BACKUP_CRON');
  let cron: CronSchedule | null = null;
  if (raw !== null) {
    try {
      cron = parseCron(raw);
    } catch (error) {
      if (error instanceof CronError) throw new ConfigError('BACKUP_CRON', `${error.message} (got "${raw}")`);
      throw error;
    }
  }
  const dir = read(env, 'BACKUP_DIR');
  return {
    cron,
    keep: integer(env, 'BACKUP_KEEP', 7, 1, 1000),
    dir: dir === null ? path.join(dataDir, 'backups') : path.resolve(cwd, dir),
  };
}

/**
 * Reads and validates the environment. Throws a `ConfigError` naming the first bad variable.
 * Relative `DATA_DIR` values are resolved against `cwd`.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const dataDir = path.resolve(cwd, read(env, 'DATA_DIR') ?? '.data');

  const appId = read(env, 'WECHAT_APPID');
  const secret = read(env, 'WECHAT_SECRET');
  if ((appId === null) !== (secret === null)) {
    throw new ConfigError(appId === null ? 'WECHAT_APPID' : 'WECHAT_SECRET', 'must be set together with its pair');
  }

  const adminEmail = read(env, 'ADMIN_EMAIL');
  if (adminEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError('ADMIN_EMAIL', `must be an e-mail address (got "${adminEmail}")`);
  }
  const adminPassword = read(env, 'ADMIN_PASSWORD');
  if (adminPassword !== null && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 8 characters long');
  }

  const analyticsId = read(env, 'ANALYTICS_ID');
  if (analyticsId !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(analyticsId)) {
    throw new ConfigError('ANALYTICS_ID', 'must be the statistics provider site id (letters, digits, _ and -)');
  }

  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']);

  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: read(env, 'HOST') ?? '0.0.0.0',
    databaseUrl: databaseUrl(env),
    embeddedPostgres: {
      port: read(env, 'EMBEDDED_PG_PORT') === null ? null : integer(env, 'EMBEDDED_PG_PORT', 0, 1, 65535),
      listen: listenAddresses(env),
    },
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    mobileHosts: hostList(env, 'MOBILE_HOSTS'),
    publicUrl,
    publicUrlRedirect: flag(env, 'PUBLIC_URL_REDIRECT', false),
    allowedHosts: hostList(env, 'ALLOWED_HOSTS', ALLOWED_HOST),
    wechat: {
      appId,
      secret,
      apiBase: url(env, 'WECHAT_API_BASE', ['http:', 'https:']) ?? 'https://api.weixin.qq.com',
    },
    admin: {
      email: (adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase(),
      password: adminPassword,
      pageSize: integer(env, 'ADMIN_PAGE_SIZE', 10, 1, 100),
      auditRetentionDays: integer(
        env,
        'AUDIT_RETENTION_DAYS',
        AUDIT_MIN_RETENTION_DAYS,
        AUDIT_MIN_RETENTION_DAYS,
        3650,
      ),
    },
    uploads: { maxBytes: integer(env, 'UPLOAD_MAX_BYTES', UPLOAD_RULES.maxBytes, 1024, 50 * 1024 * 1024) },
    media: media(env),
    corsOrigins: originList(env, 'CORS_ORIGINS'),
    frontend: {
      shellDir: path.resolve(cwd, read(env, 'SHELL_DIR') ?? 'shell/dist'),
      shellUrl: url(env, 'SHELL_URL', ['http:', 'https:']),
      remotes: Object.fromEntries(
        REMOTE_NAMES.map((name) => [
          name,
          {
            dir: path.resolve(cwd, read(env, `REMOTE_${name.toUpperCase()}_DIR`) ?? `${remotePackage(name)}/dist`),
            url: url(env, `REMOTE_${name.toUpperCase()}_URL`, ['http:', 'https:']),
          },
        ]),
      ) as FrontendConfig['remotes'],
      remotePublicBaseUrl: url(env, 'REMOTE_PUBLIC_BASE_URL', ['http:', 'https:']),
      ssr: flag(env, 'SSR', true),
      hydration: oneOf(env, 'HYDRATION', HYDRATION_MODES, 'demand'),
      mapProvider: oneOf(env, 'MAP_PROVIDER', MAP_PROVIDERS, 'none'),
    },
    analyticsId,
    vitalsPercent: integer(env, 'VITALS_SAMPLE_PERCENT', VITALS_DEFAULT_SAMPLE_PERCENT, 0, 100),
    trustProxy: integer(env, 'TRUST_PROXY', 0, 0, 10),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'log'),
    logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, 'text'),
    metrics: { token: metricsToken(env) },
    seed: flag(env, 'SEED', true),
    cache: {
      enabled: flag(env, 'CACHE', true),
      maxBytes: integer(env, 'CACHE_MAX_MB', 64, 1, 4096) * 1024 * 1024,
    },
    baiduPush: baiduPush(env, publicUrl),
    leads: {
      retryMs: integer(env, 'LEAD_NOTIFY_RETRY_MS', 30_000, 10, 3_600_000),
      timeoutMs: integer(env, 'LEAD_NOTIFY_TIMEOUT_MS', 20_000, 100, 120_000),
      webhookOrigins: originList(env, 'LEAD_NOTIFY_WEBHOOK_ORIGINS'),
    },
    // Under Docker's 10 s between SIGTERM and SIGKILL, so that the server, not the SIGKILL, ends the last requests.
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 8000, 0, 600_000),
    workers: integer(env, 'WORKERS', DEFAULT_WORKERS, 1, MAX_WORKERS),
    backup: backup(env, cwd, dataDir),
    releases: {
      maxErrorPercent: integer(env, 'CANARY_MAX_ERROR_PERCENT', 5, 1, 100),
      minViews: integer(env, 'CANARY_MIN_VIEWS', 50, 1, 1_000_000),
      minVisitors: integer(env, 'CANARY_MIN_VISITORS', 20, 1, 1_000_000),
      watch: true,
    },
    publishing: { schedule: true },
  };
}

export { redact as redactUrl };
