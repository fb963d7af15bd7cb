import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';

/**
 * The maintenance and curing TV boards (issue 7 part 3), as an unattended TV opens them: no login, at
 * 1920×1080, showing the demo data (server/db/seed-maintenance.ts); a write through the API by a
 * logged-in administrator shows on the open board within a second with no reload; a screenshot of
 * each board goes to test-results/screens/tv/<board>.png.
 */

test.use({ viewport: { width: 1920, height: 1080 } });
test.describe.configure({ mode: 'serial' });

const feed = (page: Page) => page.getByTestId('tv-feed');
const shot = (page: Page, board: string) => page.screenshot({ path: `test-results/screens/tv/${board}.png` });

/** The API as a logged-in administrator: a request context of its own, posting with the session's token. */
async function adminApi(baseURL: string) {
  const ctx: APIRequestContext = await request.newContext({ baseURL });
  const transport = (employeeId: number | null, token = '') => ({
    TransmissionInfoJSON: JSON.stringify({
      DeviceOS: 'e2e',
      DeviceType: 'web',
      PlantID: 1,
      EmployeeID: employeeId,
    }),
    Token: token,
    Interface: 'pm',
  });
  const login = await (
    await ctx.post('/api/web/Login', { data: { ...transport(null), UserName: 'admin', Password: 'admin' } })
  ).json();
  const user = JSON.parse(login.ResultJSON) as { TokenID: string; EmployeeID: number };
  return {
    async post<T>(path: string, payload: Record<string, unknown>): Promise<T> {
      const res = await ctx.post(`/api/${path}`, {
        data: { ...transport(user.EmployeeID, user.TokenID), ...payload },
        headers: { Authorization: user.TokenID, EmployeeID: String(user.EmployeeID) },
      });
      const envelope = await res.json();
      expect(envelope.Error || envelope.Sorry, `${path}: ${envelope.Message}`).toBe(false);
      return JSON.parse(envelope.ResultJSON) as T;
    },
    dispose: () => ctx.dispose(),
  };
}

/** Opens a board with no login and waits until it is live. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  await expect(feed(page)).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  // No reload may happen from here on: this mark would be gone.
  await page.evaluate(() => {
    (window as unknown as { tvMark: number }).tvMark = 42;
  });
}

async function noReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { tvMark?: number }).tvMark)).toBe(42);
}

/** Sends a write and answers how long (ms) until `shown` passes (at most a second). */
async function timeToShow(send: () => Promise<unknown>, shown: () => Promise<void>): Promise<number> {
  const sent = Date.now();
  await send();
  await shown();
  return Date.now() - sent;
}

const tag = Date.now().toString(36).toUpperCase();

test('work-order monitor: plant 1 work orders by priority, counts per status, a new one live', async ({
  page,
  baseURL,
}) => {
  await open(page, '/tv/maintenance/womonitor/1');
  const rows = page.getByTestId('wo-row');
  await expect(rows.first()).toContainText('hydraulic leak');
  expect(await rows.count()).toBeGreaterThanOrEqual(6);
  await expect(page.getByTestId('wo-counts').locator('li')).toHaveCount(4);
  // Highlighted: the urgent one, and the overdue high one (its due date has passed).
  await expect(rows.first()).toHaveClass(/tvm-hot/);
  await expect(page.locator('.tvm-row.tvm-overdue')).toContainText('die change clamp');
  await shot(page, 'womonitor');

  const api = await adminApi(baseURL!);
  const ms = await timeToShow(
    () =>
      api.post('maintenance/SaveWorkOrder', {
        PlantID: 1,
        Asset: 'LV-CUT02',
        Description: `E2E ${tag}: band saw blade tension`,
        Priority: 'urgent',
        AssignedTo: 1952,
      }),
    () => expect(rows.filter({ hasText: `E2E ${tag}` })).toContainText('Ben Cole', { timeout: 1000 }),
  );
  console.log(`[tv] work order shown after ${ms} ms`);
  expect(ms).toBeLessThan(1000);
  // Urgent sorts before every other priority: second, after the older urgent one.
  await expect(rows.nth(1)).toContainText(`E2E ${tag}`);
  await api.dispose();
  await noReload(page);
});

test('PM calendar: two weeks of every plant, overdue apart, a new task live', async ({ page, baseURL }) => {
  await open(page, '/tv/maintenance/calendar');
  await expect(page.getByTestId('pm-day')).toHaveCount(14);
  expect(await page.getByTestId('pm-task').count()).toBeGreaterThanOrEqual(8);
  await expect(page.getByTestId('pm-overdue-task')).toHaveCount(2);
  await expect(page.getByTestId('pm-overdue')).toContainText('Lubricate roll stands');
  await shot(page, 'calendar');

  // Due on the day shown with the fewest tasks from today on (a cell lists two before "+N more").
  const days = await page.locator('[data-testid="pm-day"]:not(.tvm-past)').evaluateAll((cells) =>
    cells.map((c) => ({
      date: c.getAttribute('data-date')!,
      tasks: c.querySelectorAll('[data-testid="pm-task"]').length,
    })),
  );
  const day = days.sort((a, b) => a.tasks - b.tasks)[0]!.date;
  const api = await adminApi(baseURL!);
  const ms = await timeToShow(
    () =>
      api.post('maintenance/SavePreventiveTask', {
        PlantID: 1,
        Asset: 'LV-RF02',
        Description: `E2E ${tag} gearbox check`,
        IntervalDays: 30,
        NextDue: day,
      }),
    () =>
      expect(page.locator(`[data-testid="pm-day"][data-date="${day}"]`)).toContainText(`E2E ${tag}`, {
        timeout: 1000,
      }),
  );
  console.log(`[tv] PM task shown after ${ms} ms`);
  expect(ms).toBeLessThan(1000);

  await noReload(page);

  // ?plant=2 shows plant 2's tasks only.
  await page.goto('/tv/maintenance/calendar?plant=2');
  await expect(page.getByTestId('pm-overdue')).toContainText('Roll former alignment check');
  await expect(page.getByTestId('pm-task').first()).toBeVisible();
  await expect(page.getByTestId('pm-task').filter({ hasText: 'LV-' })).toHaveCount(0);
  await api.dispose();
});

test('fixture requests: open ones oldest first, late highlighted, a new one live', async ({
  page,
  baseURL,
}) => {
  await open(page, '/tv/maintenance/fixturerequests/1');
  const rows = page.getByTestId('fr-row');
  expect(await rows.count()).toBeGreaterThanOrEqual(4);
  await expect(rows.first()).toContainText('Weld fixture for 96" step beams');
  await expect(rows.first()).toHaveClass(/tvm-overdue/);
  await expect(page.getByTestId('fr-late')).toHaveText('1');
  await shot(page, 'fixturerequests');

  const api = await adminApi(baseURL!);
  const ms = await timeToShow(
    () =>
      api.post('maintenance/SaveFixtureRequest', {
        PlantID: 1,
        JobNumber: 'J240009',
        Description: `E2E ${tag} drill jig`,
        NeededBy: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    () => expect(rows.last()).toContainText(`E2E ${tag}`, { timeout: 1000 }),
  );
  console.log(`[tv] fixture request shown after ${ms} ms`);
  expect(ms).toBeLessThan(1000);
  await expect(rows.last()).toHaveClass(/tvm-overdue/);
  await expect(page.getByTestId('fr-late')).toHaveText('2');
  await api.dispose();
  await noReload(page);
});

test('curing: CURE1 slots with loads, countdowns advancing by themselves, a load live', async ({
  page,
  baseURL,
}) => {
  await open(page, '/tv/curing/CURE1');
  const slots = page.getByTestId('curing-slot');
  await expect(slots).toHaveCount(8);
  // The seed's R1-A finished its cure minutes before the server started (the others finish as the suite runs).
  await expect(page.locator('[data-slot="R1-A"]')).toHaveAttribute('data-state', 'ready');
  await expect(page.locator('[data-slot="R1-A"]')).toContainText('READY');
  await shot(page, 'curing');

  const api = await adminApi(baseURL!);
  const slot = page.locator('[data-slot="R1-D"]');
  await expect(slot).toHaveAttribute('data-state', 'empty');
  const ms = await timeToShow(
    () =>
      api.post('curing/LoadRack', {
        LocationID: 'CURE1',
        SlotID: 'R1-D',
        JobNumber: 'J240010',
        PartNum: 'BM-4814-96',
        Quantity: 64,
        CureMinutes: 20,
      }),
    () => expect(slot).toContainText('J240010', { timeout: 1000 }),
  );
  console.log(`[tv] curing load shown after ${ms} ms`);
  expect(ms).toBeLessThan(1000);
  await expect(slot).toHaveAttribute('data-state', 'curing');
  const countdown = slot.getByTestId('curing-countdown');
  await expect(countdown).toHaveText(/^(20:00|19:5\d)$/);
  // The countdown advances with no further write: computed from LoadedAt on the client.
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!, { timeout: 3000 });
  await expect(countdown).toHaveText(/^19:\d\d$/);
  await api.post('curing/UnloadRack', { LocationID: 'CURE1', SlotID: 'R1-D' });
  await expect(slot).toHaveAttribute('data-state', 'empty', { timeout: 1000 });
  await api.dispose();
  await noReload(page);
});
