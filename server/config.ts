import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';

/** Everything the server reads from the environment; the README's configuration table mirrors this. */
export interface Config {
  port: number;
  host: string;
  /** Embedded PGlite files live here when DATABASE_URL is not set. */
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Redis pub/sub channel of the backplane: deployments (or test runs) sharing one Redis must differ. */
  redisChannel: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /**
   * How long a process answers a session token from memory before reading it again (SESSION_CACHE_MS,
   * default 5000; 0 = every request reads the database). Logout, disabling and employee changes drop
   * the entries on every process over the backplane at once.
   */
  sessionCacheMs: number;
  logLevel: string;
  /** The built client (vite build). */
  clientDir: string;
  /**
   * HMAC key of the hub's connection tokens (HUB_SECRET, at least 32 characters). Several server
   * processes behind one load balancer MUST share it: a WebSocket may reach another process than its
   * negotiate did. Unset: a random key per process, fine for one process.
   */
  hubSecret: Buffer;
  /** Browser origins besides the server's own that may use the hub (HUB_ALLOWED_ORIGINS, comma-separated). */
  hubAllowedOrigins: string[];
  /**
   * Proxies whose forwarding headers (X-Forwarded-For, -Proto, -Host) are believed (TRUST_PROXY:
   * comma-separated addresses or CIDRs). Empty, the default: the caller's address is the socket's, so
   * nobody can choose the address the login limit, the error-report limit and sessions.ip see.
   */
  trustProxy: string[];
  /** Bytes of stored files one employee may have uploaded in all (UPLOAD_QUOTA_MB, default 500). */
  uploadQuotaBytes: number;
  /**
   * Where mail is sent (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587; smtps:// for TLS). Unset:
   * nothing is sent and every message stays in the outbox (web/GetMailOutbox).
   */
  smtpUrl: string | null;
}

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: num(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    redisChannel: env.REDIS_CHANNEL || 'steelworks:backplane',
    sessionIdleMinutes: num(env.SESSION_IDLE_MINUTES, 12 * 60),
    sessionMaxHours: num(env.SESSION_MAX_HOURS, 7 * 24),
    sessionCacheMs: num(env.SESSION_CACHE_MS, 5000),
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: resolve(env.CLIENT_DIR || './dist/client'),
    hubSecret: hubSecret(env.HUB_SECRET),
    hubAllowedOrigins: (env.HUB_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: trustProxy(env.TRUST_PROXY),
    uploadQuotaBytes: num(env.UPLOAD_QUOTA_MB, 500) * 1024 * 1024,
    smtpUrl: smtpUrl(env.SMTP_URL),
  };
}

/**
 * TRUST_PROXY as a list of addresses or CIDRs. Checked here so that a typo stops the server at start
 * rather than silently trusting nobody (or, worse, a different network).
 */
export function trustProxy(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const max = family === 4 ? 32 : 128;
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (!family || !okBits || extra !== undefined) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR (for example 10.0.0.0/8).`);
    }
  }
  return list;
}

function hubSecret(value: string | undefined): Buffer {
  if (!value) return randomBytes(32);
  if (value.length < 32) throw new Error('HUB_SECRET must be at least 32 characters long.');
  return Buffer.from(value, 'utf8');
}

/** SMTP_URL checked at start: a typo stops the server rather than failing every message later. */
export function smtpUrl(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL is not a URL (for example smtp://user:password@mail.example.com:587).');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`SMTP_URL: the address starts with smtp:// or smtps://, not ${url.protocol}//.`);
  return value;
}
