import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// One port and one empty data folder per run, chosen once: worker processes inherit the environment,
// so they all talk to the same server, and parallel runs never share a port or a database.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'sw-e2e-'));
const port = Number(process.env.E2E_PORT);

/** Debian's chromium: Playwright's own browser download cannot work on this network. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  // One worker: every spec talks to the same server and the same demo people, and live screens show
  // what other specs do (a second pm login adds a row to /connections). Serial keeps each spec's
  // assertions about live state exact.
  fullyParallel: false,
  workers: 1,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '.tmp/playwright.json' }]]
    : [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    timezoneId: 'UTC',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The product exactly as a user starts it: built client, one process, embedded PGlite with demo data.
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      TZ: 'UTC',
    },
  },
});
