import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { freePort, type ServerProcess, spawnServer } from '../../tests/support/process';
import { wire } from '../../tests/support/wire';

/**
 * Guarantee 5 (brief §4, "TV boards never give up") through the TV frame, with no login: a TV page
 * shows live data from a public topic (the frame's self-check on /tv/start follows translations:es),
 * an administrator's change appears within a second, and after the server process is killed and
 * started again on the same port and data folder the page returns to Live by itself (no reload, no
 * user action) and shows the next change.
 *
 * This file runs its own server (not the shared one of playwright.config.ts), because it kills it.
 */

const root = new URL('../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'sw-e2e-tv-'));
let port = 0;
let server: ServerProcess | null = null;

async function start(): Promise<ServerProcess> {
  return spawnServer(
    {
      DATA_DIR: dataDir,
      CLIENT_DIR: join(root, 'dist/client'),
      LOG_LEVEL: 'warn',
      TZ: 'UTC',
      SCRYPT_LOG_N: '10',
      // One key across the restart, as a deployment has (a new one would work too: tokens are per connection).
      HUB_SECRET: 'tv-unattended-e2e-secret-0123456789abcdef',
    },
    port,
    // A first start on a new data folder migrates and seeds PGlite: slow on a busy machine.
    150_000,
  );
}

test.use({ viewport: { width: 1920, height: 1080 } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  port = await freePort();
  server = await start();
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
});

const feed = (page: Page) => page.getByTestId('tv-feed');
const latest = (page: Page) => page.getByTestId('tv-selfcheck-latest');

/** Saves a Spanish translation as an administrator and answers how long (ms) until the TV shows it. */
async function timeToShow(page: Page, english: string, text: string): Promise<number> {
  const api = wire(`http://127.0.0.1:${port}/api/`);
  const admin = await api.login('admin');
  const sent = Date.now();
  const reply = await api.post(
    'translation/SaveTranslation',
    { Language: 'es', English: english, Text: text },
    admin,
  );
  expect(reply.envelope.Error, reply.envelope.Message).toBe(false);
  await expect(latest(page)).toContainText(text, { timeout: 1000 });
  return Date.now() - sent;
}

test('a TV page with no login stays live through a server restart, by itself', async ({ page }) => {
  test.setTimeout(150_000);
  const origin = `http://127.0.0.1:${port}`;
  await page.goto(`${origin}/tv/start`);
  await expect(feed(page)).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect(page.getByTestId('tv-selfcheck-count')).toHaveText(/^\d+$/);
  // No reload may happen from here on: this mark would be gone.
  await page.evaluate(() => {
    (window as unknown as { tvMark: number }).tvMark = 42;
  });

  const tag = Date.now().toString(36);
  const first = await timeToShow(page, `TV check ${tag} one`, `Prueba ${tag} uno`);
  console.log(`[tv] change shown after ${first} ms (save sent → on screen)`);
  expect(first).toBeLessThan(1000);
  await page.screenshot({ path: 'test-results/screens/tv-start.png' });

  // The server dies.
  await server?.kill('SIGKILL');
  const killedAt = Date.now();
  await expect(feed(page)).toHaveAttribute('data-state', 'reconnecting', { timeout: 10_000 });
  await expect(feed(page)).toHaveText('Reconnecting…');
  await expect(feed(page)).toHaveAttribute('data-state', 'stale', { timeout: 15_000 });
  await expect(feed(page)).toHaveText(/^Data as of \d{1,2}:\d\d [ap]m \(stale\)$/);
  console.log(`[tv] stale ${Date.now() - killedAt} ms after the kill`);
  await page.screenshot({ path: 'test-results/screens/tv-stale.png' });

  // Back on the same port and data folder: nobody touches the page.
  server = await start();
  const upAt = Date.now();
  // A TV page retries at least every 5 s (TV_HUB_BACKOFF), never 30 s as other pages may.
  await expect(feed(page)).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  console.log(
    `[tv] live again ${Date.now() - upAt} ms after the server answered (down ${upAt - killedAt} ms)`,
  );
  const second = await timeToShow(page, `TV check ${tag} two`, `Prueba ${tag} dos`);
  console.log(`[tv] change after the restart shown after ${second} ms`);
  expect(second).toBeLessThan(1000);
  expect(await page.evaluate(() => (window as unknown as { tvMark?: number }).tvMark)).toBe(42);
});

test('a network cut: stale while offline, live again by itself when the network returns', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await page.goto(`http://127.0.0.1:${port}/tv/start`);
  await expect(feed(page)).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await page.evaluate(() => {
    (window as unknown as { tvMark: number }).tvMark = 7;
  });
  const cutAt = Date.now();
  await context.setOffline(true);
  // An open WebSocket may survive the emulated cut: then the client's 30 s server timeout notices.
  await expect(feed(page)).not.toHaveAttribute('data-state', 'live', { timeout: 45_000 });
  console.log(`[tv] not live ${Date.now() - cutAt} ms after the network cut`);
  await expect(feed(page)).toHaveAttribute('data-state', 'stale', { timeout: 15_000 });
  await context.setOffline(false);
  const backAt = Date.now();
  // The browser's `online` event retries at once (hub.networkBack), not after the rest of the backoff.
  await expect(feed(page)).toHaveAttribute('data-state', 'live', { timeout: 3_000 });
  console.log(`[tv] live again ${Date.now() - backAt} ms after the network returned`);
  const tag = Date.now().toString(36);
  const shown = await timeToShow(page, `TV check ${tag} net`, `Red ${tag}`);
  expect(shown).toBeLessThan(1000);
  expect(await page.evaluate(() => (window as unknown as { tvMark?: number }).tvMark)).toBe(7);
});

test('real boards: a faceboard and a production monitor come back by themselves after a server restart', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const origin = `http://127.0.0.1:${port}`;
  const open = async (path: string) => {
    const page = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
    await page.goto(`${origin}${path}`);
    await expect(feed(page)).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
    return page;
  };
  const board = await open('/tv/faceboard?plant=1');
  const monitor = await open('/tv/productionmonitor/LV-CUT01');
  await expect(monitor.getByTestId('pm-actual')).toHaveText(/\d/);

  await server?.kill('SIGKILL');
  await expect(feed(board)).toHaveAttribute('data-state', 'stale', { timeout: 25_000 });
  await expect(feed(monitor)).toHaveAttribute('data-state', 'stale', { timeout: 25_000 });
  server = await start();
  await expect(feed(board)).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  await expect(feed(monitor)).toHaveAttribute('data-state', 'live', { timeout: 10_000 });

  // Writes after the restart reach both boards within a second, with no reload.
  const api = wire(`${origin}/api/`);
  const ahmed = await api.login('akhan');
  const mine = await api.get<{ Activity: { LaborActivityID: number } | null }>(
    'shopfloor/GetMyActivity',
    {},
    ahmed,
  );
  const before = Number(((await monitor.getByTestId('pm-actual').textContent()) ?? '').replace(/\D/g, ''));
  const done = await api.post(
    'shopfloor/RecordCompletions',
    { LaborActivityID: mine.result.Activity!.LaborActivityID, Quantity: 2, ScrapQuantity: 0 },
    ahmed,
  );
  expect(done.envelope.Error, done.envelope.Message).toBe(false);
  await expect(monitor.getByTestId('pm-actual')).toHaveText(String(before + 2), { timeout: 1_000 });
  const omar = await api.login('odiaz');
  const out = await api.post('web/ClockOut', { EmployeeID: omar.employeeId }, omar);
  expect(out.envelope.Error, out.envelope.Message).toBe(false);
  await expect(board.locator(`[data-testid="fb-out"] [data-employee="${omar.employeeId}"]`)).toBeVisible({
    timeout: 1_000,
  });
});
