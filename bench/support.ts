// What bench:plan and bench:schedule share: the product started as a user starts it, Debian's
// Chromium, the admin login, and the figures' arithmetic and formatting.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';

export { freePort } from '../tests/support/process';

const root = new URL('..', import.meta.url).pathname;

/** `scripts/start.mjs` (builds the client when stale) on `port` with `dataDir`, answering /healthz. */
export async function startProduct(
  port: number,
  dataDir: string,
): Promise<{ base: string; server: ChildProcess }> {
  const base = `http://127.0.0.1:${port}`;
  console.log(`Starting the server on ${base} (DATA_DIR ${dataDir}; builds the client if needed)…`);
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TZ: 'UTC',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { base, server };
}

export async function waitHealthy(base: string, child: ChildProcess, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /healthz in time');
}

/** Debian's chromium (or CHROMIUM_PATH) with the flags this machine needs (see playwright.config.ts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Logs in through the Login page (as a person does) and waits for Intro. */
export async function logIn(page: Page, user: string): Promise<void> {
  await page.goto('/pages/login');
  await page.locator('input[name="username"]').fill(user);
  await page.locator('input[name="password"]').fill(user);
  await page.locator('form.login-card button[type="submit"]').click();
  await page.waitForURL(/\/intro$/);
}

export const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number;
};
export const median = (xs: number[]) => quantile(xs, 0.5);
export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '—');
export const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(1)}×` : '—');
export const ok = (v: number, target: number) => (v <= target ? 'met' : 'MISSED');
