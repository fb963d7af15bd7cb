#!/usr/bin/env node
// npm test: everything, in the order that fails fastest. Typecheck, lint, unit tests, integration
// tests on PGlite and on PostgreSQL (skipped, and said so, when no PostgreSQL answers), the client
// build, and Playwright in Chromium. On a fresh machine run as root it installs Debian's chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
mkdirSync(join(root, '.tmp'), { recursive: true });

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC', ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `No Chromium at ${chromium}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  run('Installing Debian chromium for the browser tests', 'bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
  ]);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

ensureChromium();
run('Typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
run('Lint and format check (biome)', bin('biome'), ['check', '.']);

const projects = ['--project', 'unit', '--project', 'integration-pglite'];
if (await postgresReachable()) {
  projects.push('--project', 'integration-postgres');
} else {
  console.log(`\n!! PostgreSQL is not reachable at ${pgUrl}: the PostgreSQL integration run is SKIPPED.`);
}
run('Unit and integration tests (vitest)', bin('vitest'), [
  'run',
  ...projects,
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest.json',
]);
run('Client build (vite build)', bin('vite'), ['build', '--logLevel', 'warn']);
run('Login page JavaScript budget', process.execPath, [join(root, 'scripts/build-report.mjs')]);
run('End-to-end tests in Chromium (playwright)', bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });

// One closing line with the totals of both runners.
const vitest = JSON.parse(readFileSync(join(root, '.tmp/vitest.json'), 'utf8'));
const pw = JSON.parse(readFileSync(join(root, '.tmp/playwright.json'), 'utf8'));
const passed = vitest.numPassedTests + (pw.stats?.expected ?? 0);
const failed = vitest.numFailedTests + (pw.stats?.unexpected ?? 0);
const skipped = vitest.numPendingTests + vitest.numTodoTests + (pw.stats?.skipped ?? 0);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
