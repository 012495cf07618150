import { parse } from 'pg-connection-string';
import { CONFIG_VARIABLES, ConfigError, loadConfig, redactUrl } from './config.js';

function load(env: Record<string, string>) {
  return loadConfig(env, '/srv/site');
}

function errorOf(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('should apply the defaults for an empty environment', () => {
    const config = load({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toBe('/srv/site/.data');
    expect(config.uploadsDir).toBe('/srv/site/.data/uploads');
    expect(config.mobileHosts).toEqual([]);
    expect(config.wechat).toEqual({ appId: null, secret: null, apiBase: 'https://api.weixin.qq.com' });
    expect(config.seed).toBe(true);
    expect(config.admin).toEqual({
      email: 'admin@yunfan.example.com',
      password: null,
      pageSize: 10,
      auditRetentionDays: 180,
    });
    expect(config.uploads.maxBytes).toBe(2 * 1024 * 1024);
    expect(config.corsOrigins).toEqual([]);
    expect(config.logFormat).toBe('text');
    expect(config.metrics).toEqual({ token: null });
    expect(config.frontend).toEqual({
      shellDir: '/srv/site/shell/dist',
      shellUrl: null,
      remotes: {
        mf_desktop: { dir: '/srv/site/mf-desktop/dist', url: null },
        mf_mobile: { dir: '/srv/site/mf-mobile/dist', url: null },
        mf_admin: { dir: '/srv/site/mf-admin/dist', url: null },
      },
      remotePublicBaseUrl: null,
      ssr: true,
      hydration: 'demand',
      mapProvider: 'none',
    });
  });

  it('should switch server rendering and the hydration mode', () => {
    const config = load({ SSR: 'off', HYDRATION: 'eager' });
    expect(config.frontend.ssr).toBe(false);
    expect(config.frontend.hydration).toBe('eager');
  });

  it('should let a remote live on another origin', () => {
    const config = load({ REMOTE_MF_MOBILE_URL: 'https://cdn.example.com/mf-mobile/r1/mf-manifest.json' });
    expect(config.frontend.remotes.mf_mobile.url).toBe('https://cdn.example.com/mf-mobile/r1/mf-manifest.json');
  });

  it('should let browsers load the stored releases from a public base URL', () => {
    expect(load({ REMOTE_PUBLIC_BASE_URL: 'https://cdn.example.cn/site/' }).frontend.remotePublicBaseUrl).toBe(
      'https://cdn.example.cn/site',
    );
    expect(errorOf({ REMOTE_PUBLIC_BASE_URL: 'cdn.example.cn' }).variable).toBe('REMOTE_PUBLIC_BASE_URL');
  });

  it('should read every variable', () => {
    const config = load({
      PORT: '8080',
      DATABASE_URL: 'postgres://site:secret@db:5432/site',
      DATA_DIR: '/var/lib/site',
      MOBILE_HOSTS: 'm.example.com, M.Example.cn',
      WECHAT_APPID: 'wx123',
      WECHAT_SECRET: 's3cret',
      WECHAT_API_BASE: 'http://127.0.0.1:9999/',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'correct horse',
      ANALYTICS_ID: 'a1b2c3',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      METRICS_TOKEN: 'c2NyYXBlLXRva2VuLTEyMzQ1Njc4',
      SEED: 'false',
      ADMIN_PAGE_SIZE: '20',
      AUDIT_RETENTION_DAYS: '400',
      UPLOAD_MAX_BYTES: '1048576',
      CORS_ORIGINS: 'https://www.example.com, http://localhost:8080',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://site:secret@db:5432/site');
    expect(config.dataDir).toBe('/var/lib/site');
    expect(config.mobileHosts).toEqual(['m.example.com', 'm.example.cn']);
    expect(config.wechat).toEqual({ appId: 'wx123', secret: 's3cret', apiBase: 'http://127.0.0.1:9999' });
    expect(config.admin).toEqual({
      email: 'admin@example.com',
      password: 'correct horse',
      pageSize: 20,
      auditRetentionDays: 400,
    });
    expect(config.uploads.maxBytes).toBe(1048576);
    expect(config.corsOrigins).toEqual(['https://www.example.com', 'http://localhost:8080']);
    expect(config.trustProxy).toBe(1);
    expect(config.logLevel).toBe('debug');
    expect(config.logFormat).toBe('json');
    expect(config.metrics.token).toBe('c2NyYXBlLXRva2VuLTEyMzQ1Njc4');
    expect(config.seed).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ MOBILE_HOSTS: 'm.example.com, bad host!' }, 'MOBILE_HOSTS'],
    [{ WECHAT_APPID: 'wx123' }, 'WECHAT_SECRET'],
    [{ WECHAT_SECRET: 'only-secret' }, 'WECHAT_APPID'],
    [{ WECHAT_API_BASE: 'ftp://x' }, 'WECHAT_API_BASE'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ LOG_LEVEL: 'verbose!' }, 'LOG_LEVEL'],
    [{ LOG_FORMAT: 'logfmt' }, 'LOG_FORMAT'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'a token with spaces in it' }, 'METRICS_TOKEN'],
    [{ HYDRATION: 'lazy' }, 'HYDRATION'],
    [{ SSR: 'maybe' }, 'SSR'],
    [{ MAP_PROVIDER: 'google' }, 'MAP_PROVIDER'],
    [{ SEED: 'maybe' }, 'SEED'],
    [{ ANALYTICS_ID: '<script>' }, 'ANALYTICS_ID'],
    [{ ADMIN_PAGE_SIZE: '0' }, 'ADMIN_PAGE_SIZE'],
    [{ AUDIT_RETENTION_DAYS: '179' }, 'AUDIT_RETENTION_DAYS'],
    [{ UPLOAD_MAX_BYTES: 'lots' }, 'UPLOAD_MAX_BYTES'],
    [{ CORS_ORIGINS: 'https://www.example.com/path' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: '*' }, 'CORS_ORIGINS'],
    [{ REMOTE_MF_ADMIN_URL: 'file:///etc/passwd' }, 'REMOTE_MF_ADMIN_URL'],
    [{ SHELL_URL: 'nope' }, 'SHELL_URL'],
    [{ BAIDU_PUSH_TOKEN: 'abc' }, 'BAIDU_PUSH_SITE'],
    [{ BAIDU_PUSH_SITE: 'www.example.com' }, 'BAIDU_PUSH_TOKEN'],
    [{ BAIDU_PUSH_TOKEN: 'a b', BAIDU_PUSH_SITE: 'www.example.com' }, 'BAIDU_PUSH_TOKEN'],
    [{ BAIDU_PUSH_TOKEN: 'abc', BAIDU_PUSH_SITE: 'https://www.example.com/news' }, 'BAIDU_PUSH_SITE'],
    [{ BAIDU_PUSH_TOKEN: 'abc', BAIDU_PUSH_SITE: 'ftp://www.example.com' }, 'BAIDU_PUSH_SITE'],
    [
      { BAIDU_PUSH_TOKEN: 'abc', BAIDU_PUSH_SITE: 'www.example.com', PUBLIC_URL: 'https://www.example.com' },
      'BAIDU_PUSH_SITE',
    ],
    [{ BAIDU_PUSH_API: 'data.zz.baidu.com' }, 'BAIDU_PUSH_API'],
    [{ BAIDU_PUSH_RETRY_MS: '5' }, 'BAIDU_PUSH_RETRY_MS'],
  ])('should refuse %j and name %s', (env, variable) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
  });

  it("should read Baidu's link push: unconfigured by default, a bare host meaning http", () => {
    expect(load({}).baiduPush).toEqual({
      token: null,
      site: null,
      origin: null,
      api: 'http://data.zz.baidu.com',
      retryMs: 60_000,
    });
    expect(load({ BAIDU_PUSH_TOKEN: 'T0ken', BAIDU_PUSH_SITE: 'www.example.com' }).baiduPush).toMatchObject({
      token: 'T0ken',
      site: 'www.example.com',
      origin: 'http://www.example.com',
    });
    const https = load({
      BAIDU_PUSH_TOKEN: 'T0ken',
      BAIDU_PUSH_SITE: 'https://www.example.com/',
      PUBLIC_URL: 'https://www.example.com',
      BAIDU_PUSH_API: 'http://127.0.0.1:9/',
      BAIDU_PUSH_RETRY_MS: '50',
    }).baiduPush;
    expect(https).toEqual({
      token: 'T0ken',
      site: 'https://www.example.com',
      origin: 'https://www.example.com',
      api: 'http://127.0.0.1:9',
      retryMs: 50,
    });
  });

  it('should never print a database password', () => {
    const error = errorOf({ DATABASE_URL: 'mysql://user:hunter2@db/site' });
    expect(error.message).not.toContain('hunter2');
    expect(redactUrl('postgres://user:hunter2@db/site')).toBe('postgres://user:***@db/site');
  });

  it.each(['p@ss:w/o#rd?%', 'plain', '密码 with spaces', '%41%'])(
    'should put DATABASE_PASSWORD %j into DATABASE_URL so that it reads back exactly',
    (password) => {
      const config = load({ DATABASE_URL: 'postgres://site@db:5432/site', DATABASE_PASSWORD: password });
      expect(parse(config.databaseUrl!)).toMatchObject({
        user: 'site',
        password,
        host: 'db',
        port: '5432',
        database: 'site',
      });
    },
  );

  it('should refuse DATABASE_PASSWORD without DATABASE_URL or without a user in it', () => {
    expect(errorOf({ DATABASE_PASSWORD: 'x' }).variable).toBe('DATABASE_PASSWORD');
    expect(errorOf({ DATABASE_URL: 'postgres://db/site', DATABASE_PASSWORD: 'x' }).variable).toBe('DATABASE_URL');
  });

  it('should read the backup settings and refuse a bad schedule or count, naming the variable', () => {
    expect(load({}).backup).toEqual({ cron: null, keep: 7, dir: '/srv/site/.data/backups' });
    const set = load({
      BACKUP_CRON: '30 2 * * 1-5',
      BACKUP_KEEP: '14',
      BACKUP_DIR: 'archives',
      DATA_DIR: '/data',
    }).backup;
    expect(set.cron?.source).toBe('30 2 * * 1-5');
    expect(set).toMatchObject({ keep: 14, dir: '/srv/site/archives' });
    expect(load({ DATA_DIR: '/data' }).backup.dir).toBe('/data/backups');
    const cron = errorOf({ BACKUP_CRON: '0 3 * *' });
    expect(cron.variable).toBe('BACKUP_CRON');
    expect(cron.message).toBe(
      'Invalid configuration: BACKUP_CRON must be 5 fields (minute hour day-of-month month day-of-week), e.g. "0 3 * * *", or one of @yearly, @monthly, @weekly, @daily, @hourly (got "0 3 * *")',
    );
    expect(errorOf({ BACKUP_CRON: '0 25 * * *' }).message).toContain('invalid hour field "25" (0-23;');
    expect(errorOf({ BACKUP_CRON: '@often' }).message).toContain('BACKUP_CRON is not one of @yearly');
    expect(load({ BACKUP_CRON: '@daily' }).backup.cron?.source).toBe('@daily');
    expect(load({ BACKUP_CRON: '30 2 * * mon-fri' }).backup.cron?.source).toBe('30 2 * * mon-fri');
    expect(errorOf({ BACKUP_KEEP: '0' }).variable).toBe('BACKUP_KEEP');
    expect(errorOf({ BACKUP_KEEP: 'all' }).variable).toBe('BACKUP_KEEP');
  });

  it('should read the processes and the embedded database settings, refusing bad ones', () => {
    expect(load({}).embeddedPostgres).toEqual({ port: null, listen: ['127.0.0.1'] });
    expect(load({}).workers).toBeGreaterThanOrEqual(1);
    expect(load({}).workers).toBeLessThanOrEqual(8);
    expect(load({ WORKERS: '3' }).workers).toBe(3);
    expect(load({ EMBEDDED_PG_PORT: '5499', EMBEDDED_PG_LISTEN: '0.0.0.0, ::1' }).embeddedPostgres).toEqual({
      port: 5499,
      listen: ['0.0.0.0', '::1'],
    });
    expect(load({ EMBEDDED_PG_LISTEN: '*' }).embeddedPostgres.listen).toEqual(['*']);
    expect(errorOf({ WORKERS: '0' }).variable).toBe('WORKERS');
    expect(errorOf({ WORKERS: '65' }).variable).toBe('WORKERS');
    expect(errorOf({ EMBEDDED_PG_PORT: '0' }).variable).toBe('EMBEDDED_PG_PORT');
    expect(errorOf({ EMBEDDED_PG_LISTEN: 'db.example.com' }).message).toContain('IP addresses or *');
  });

  it('should keep media on the local disk by default, or in an S3 bucket, refusing incomplete settings', () => {
    expect(load({}).media).toEqual({ storage: 'local', s3: null, publicBaseUrl: null });
    const s3 = {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'yunfan-media',
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com/',
      S3_REGION: 'oss-cn-hangzhou',
      S3_ACCESS_KEY_ID: 'LTAI5t',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'false',
      MEDIA_PUBLIC_BASE_URL: 'https://img.example.cn/',
    };
    expect(load(s3).media).toEqual({
      storage: 's3',
      s3: {
        bucket: 'yunfan-media',
        endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
        region: 'oss-cn-hangzhou',
        credentials: { accessKeyId: 'LTAI5t', secretAccessKey: 'secret' },
        forcePathStyle: false,
      },
      publicBaseUrl: 'https://img.example.cn',
    });
    // The SDK's own credentials (an instance role), and a bucket described for the migration while local serves.
    expect(load({ S3_BUCKET: 'media' }).media).toMatchObject({
      storage: 'local',
      s3: { bucket: 'media', endpoint: null, region: 'us-east-1', credentials: null },
    });
    expect(errorOf({ MEDIA_STORAGE: 's3' }).message).toBe(
      'Invalid configuration: S3_BUCKET must be set when MEDIA_STORAGE is s3',
    );
    expect(errorOf({ MEDIA_STORAGE: 'ftp' }).variable).toBe('MEDIA_STORAGE');
    expect(errorOf({ S3_BUCKET: 'My_Bucket' }).variable).toBe('S3_BUCKET');
    expect(errorOf({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' }).variable).toBe('S3_SECRET_ACCESS_KEY');
    expect(errorOf({ MEDIA_PUBLIC_BASE_URL: 'img.example.cn' }).variable).toBe('MEDIA_PUBLIC_BASE_URL');
  });

  it('should read exactly the variables CONFIG_VARIABLES lists', () => {
    const read = new Set<string>();
    const env = new Proxy(
      {},
      {
        get: (_target, name) => {
          if (typeof name === 'string') read.add(name);
          return undefined;
        },
      },
    );
    loadConfig(env, '/srv/site');
    expect([...read].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
