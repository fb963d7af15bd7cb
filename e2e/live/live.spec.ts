import { expect, type Page, test } from '@playwright/test';
import { logIn, openScreen, storedSession } from '../support/session';

async function waitLive(page: Page) {
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
}

/** The employee topic's changes after `since`, straight from the server's change log (sync/Pull). */
async function changesSince(page: Page, employeeId: number, since: number) {
  const { TokenID } = await storedSession(page);
  const q = new URLSearchParams({
    Topic: `employee:${employeeId}`,
    Since: String(since),
    Limit: '1000',
    TransmissionInfoJSON: '{}',
    Interface: 'pm',
  });
  const res = await page.request.get(`/api/sync/Pull?${q}`, { headers: { Authorization: TokenID } });
  const body = JSON.parse((await res.json()).ResultJSON) as {
    documents: Array<{ seq: number; doc: Record<string, unknown> }>;
    latestSeq: number;
  };
  return body;
}

test('a change made in one browser appears in another without a reload', async ({ browser }) => {
  const a = await browser.newContext();
  const b = await browser.newContext();
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  await logIn(pageA, 'scheduler');
  await logIn(pageB, 'scheduler');
  await waitLive(pageA);
  await waitLive(pageB);
  // By name, not label: the labels change language with the setting (src/i18n).
  const language = (page: typeof pageA) => page.locator('select[name="language"]');
  const help = (page: typeof pageA) => page.locator('input[name="showMyHelp"]');
  await language(pageA).selectOption('es');
  await expect(language(pageB)).toHaveValue('es', { timeout: 10_000 });
  // The other browser now speaks Spanish, without a reload.
  await expect(pageB.getByRole('heading', { name: 'Su configuración' })).toBeVisible({ timeout: 10_000 });
  await help(pageB).uncheck();
  await expect(help(pageA)).not.toBeChecked({ timeout: 10_000 });
  // Put it back.
  await language(pageA).selectOption('en');
  await help(pageA).check();
  await expect(language(pageB)).toHaveValue('en', { timeout: 10_000 });
  await expect(pageB.getByRole('heading', { name: 'Your settings' })).toBeVisible();
  await a.close();
  await b.close();
});

test('/connections lists live hub connections and updates as people come and go', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, 'admin');
  await waitLive(admin);
  await openScreen(admin, 'Connections');
  await expect(admin.getByRole('heading', { name: 'Live connections' })).toBeVisible();
  const table = admin.getByRole('table', { name: 'Live connections' });
  await expect(table.getByRole('row', { name: /Alex Morgan/ }).first()).toBeVisible({ timeout: 10_000 });

  const pmContext = await browser.newContext();
  const pm = await pmContext.newPage();
  await logIn(pm, 'pm');
  await waitLive(pm);
  const pmRow = table.getByRole('row', { name: /Priya Mehta/ });
  await expect(pmRow).toHaveCount(1, { timeout: 10_000 });
  await expect(pmRow).toContainText('WebSockets');
  await admin.screenshot({ path: 'test-results/screens/connections.png', fullPage: true });
  await pmContext.close();
  await expect(pmRow).toHaveCount(0, { timeout: 20_000 });
  await adminContext.close();
});

test('a user without the flags is told, and the server refuses the topic', async ({ page }) => {
  await logIn(page, 'pm');
  await page.goto('/connections');
  // The shell does not even load the screen for a user without its flags (the route table's flags).
  await expect(page.getByTestId('no-access')).toContainText(
    'You do not have access to the Connections screen.',
  );
  const { TokenID } = await storedSession(page);
  const q = new URLSearchParams({
    Topic: 'connections',
    Since: '0',
    TransmissionInfoJSON: '{}',
    Interface: 'pm',
  });
  const res = await page.request.get(`/api/sync/Pull?${q}`, { headers: { Authorization: TokenID } });
  expect(res.status()).toBe(403);
});

test('offline: 20 edits, a reload while offline, back online: all applied once and in order', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A user no other test edits: this test checks the exact sequence of the topic's changes.
  await logIn(page, 'shipper');
  await waitLive(page);
  // The app-shell worker must control the page before the network goes.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 15_000,
  });
  const { EmployeeID } = await storedSession(page);
  const before = (await changesSince(page, EmployeeID, 0)).latestSeq;
  const box = page.getByLabel('Show help tips');
  const start = await box.isChecked();

  await context.setOffline(true);
  const expected: boolean[] = [];
  let value = start;
  for (let i = 0; i < 20; i++) {
    value = !value;
    expected.push(value);
    await box.setChecked(value);
  }
  await expect(page.getByTestId('save-status')).toHaveText('Saving (20)');
  await page.reload();
  await expect(page.getByTestId('save-status')).toHaveText('Saving (20)', { timeout: 15_000 });
  await expect(page.getByText('Failed saves')).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByTestId('save-status')).toHaveText('', { timeout: 30_000 });
  const after = await changesSince(page, EmployeeID, before);
  // Exactly the 20 edits, once each, in the order they were made.
  expect(after.documents.map((d) => d.doc.ShowMyHelp)).toEqual(expected);
  expect(after.latestSeq).toBe(before + 20);
  await context.close();
});
