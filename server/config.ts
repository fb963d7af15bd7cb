import { resolve } from 'node:path';

/** Everything the server reads from the environment; the README's configuration table mirrors this. */
export interface Config {
  port: number;
  host: string;
  /** Embedded PGlite files live here when DATABASE_URL is not set. */
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  logLevel: string;
  /** The built client (vite build). */
  clientDir: string;
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
    sessionIdleMinutes: num(env.SESSION_IDLE_MINUTES, 12 * 60),
    sessionMaxHours: num(env.SESSION_MAX_HOURS, 7 * 24),
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: resolve(env.CLIENT_DIR || './dist/client'),
  };
}
