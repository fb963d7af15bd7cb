import { type Browser, expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/session';

/**
 * The time-clock screens (issue 7 part 1) against the demo seed: five operators of plant 1 (Long
 * Valley) clocked in about three hours ago. Ahmed Khan (akhan) sees his own time on a tablet; the
 * administrator Alex Morgan (plant 1; the demo supervisor is plant 6's, and plant-scoped data is seen
 * only in one's own plant, issue 14 §3) watches plant 1 on /boards/faces,
 * clocks Grace Lee (glee, 1704) out there, sees Grace clock in again from her own tablet within a
 * second, corrects Grace's finished punch on /analysis/clocks (a bad one first), and the timecard shows
 * the hour she added.
 */

const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };
const DESKTOP = { viewport: { width: 1400, height: 900 } };
const SHOTS = 'test-results/screens/timeclock';
const GLEE = 1704;
const anyLanding = /\/(intro|manufacturing.*)$/;

async function open(browser: Browser, user: string, options: typeof TABLET | typeof DESKTOP): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await logIn(page, user, user, anyLanding);
  return page;
}

async function pickLongValley(page: Page, testId: string) {
  const plant = page.getByTestId(testId).getByLabel('Plant', { exact: true });
  await expect(plant).toBeVisible({ timeout: 20_000 });
  await plant.selectOption({ label: 'Long Valley' });
}

/** A datetime-local value moved by `minutes` (wall-clock arithmetic, no zone involved). */
function shift(value: string, minutes: number): string {
  const d = new Date(`${value}:00Z`);
  d.setUTCMinutes(d.getUTCMinutes() + minutes);
  return d.toISOString().slice(0, 16);
}

test('my time on a tablet; live faces board with clock out / in; a punch corrected and the timecard follows', async ({
  browser,
}) => {
  test.setTimeout(150_000);

  // 1. An operator's own time on a 1024×768 tablet.
  const ahmed = await open(browser, 'akhan', TABLET);
  await ahmed.goto('/manufacturing/time');
  const mine = ahmed.getByTestId('my-time');
  await expect(mine.getByTestId('my-face')).toContainText('Ahmed Khan', { timeout: 20_000 });
  await expect(mine.getByTestId('hours-today')).toContainText(/\d+\.\d\d/);
  await expect(mine.getByTestId('hours-week')).toContainText(/\d+\.\d\d/);
  await expect(ahmed.getByTestId('my-punches').locator('tbody tr').first()).toBeVisible();
  await expect(ahmed.getByTestId('my-punches')).toContainText('still in');
  await expect(ahmed.getByTestId('my-activities')).toContainText('LV-CUT01');
  await ahmed.screenshot({ path: `${SHOTS}/my-time-tablet.png`, fullPage: true });

  // 2. The supervisor's live board: clock Grace out, then Grace clocks in from her tablet.
  const boss = await open(browser, 'admin', DESKTOP);
  await boss.goto('/boards/faces');
  await pickLongValley(boss, 'faces-board');
  const grace = boss.locator(`article[data-employee="${GLEE}"]`);
  await expect(grace).toHaveAttribute('data-clocked-in', 'true', { timeout: 10_000 });
  await expect(grace).toContainText('Indirect: Cleaning');
  await boss.screenshot({ path: `${SHOTS}/faces-board.png`, fullPage: true });
  await grace.getByRole('button', { name: 'Clock out Grace Lee' }).click();
  await expect(grace).toHaveAttribute('data-clocked-in', 'false', { timeout: 5_000 });
  // Now she is offered under "Clock in someone" (everyone of the plant not clocked in).
  const someone = boss.getByLabel('Clock in someone');
  await expect(someone.locator('option', { hasText: 'Grace Lee' })).toHaveCount(1, { timeout: 5_000 });
  await boss.screenshot({ path: `${SHOTS}/faces-board-clocked-out.png`, fullPage: true });

  const glee = await open(browser, 'glee', TABLET);
  await glee.goto('/manufacturing/clocks');
  const face = glee.getByTestId('my-face');
  await expect(face).toHaveAttribute('data-clocked-in', 'false', { timeout: 20_000 });
  await glee.getByRole('button', { name: 'Clock in', exact: true }).tap();
  await expect(face).toHaveAttribute('data-clocked-in', 'true');
  await expect(grace).toHaveAttribute('data-clocked-in', 'true', { timeout: 1_000 });
  await expect(grace).toContainText('Idle since');
  await expect(someone.locator('option', { hasText: 'Grace Lee' })).toHaveCount(0, { timeout: 5_000 });

  // The tablet board shows the same faces.
  await glee.goto('/manufacturing/faces');
  await pickLongValley(glee, 'faces-board');
  await expect(glee.locator(`article[data-employee="${GLEE}"]`)).toHaveAttribute('data-clocked-in', 'true', {
    timeout: 10_000,
  });
  // An operator has no Clock out for others.
  await expect(glee.getByRole('button', { name: 'Clock out Grace Lee' })).toHaveCount(0);
  await glee.screenshot({ path: `${SHOTS}/faces-tablet.png`, fullPage: true });

  // 3. The timecard before the correction.
  await boss.goto('/analysis/timecards');
  await pickLongValley(boss, 'timecards');
  const card = boss.locator(`tr[data-employee="${GLEE}"]`);
  await expect(card).toBeVisible({ timeout: 10_000 });
  const before = Number(await card.locator('[data-total="TotalHours"]').innerText());
  expect(before).toBeGreaterThan(2);

  // 4. Clock analysis: Grace's finished punch, a bad correction refused, a good one saved.
  await boss.goto('/analysis/clocks');
  await pickLongValley(boss, 'clock-analysis');
  const rows = boss.locator(`tr[data-employee="${GLEE}"]`);
  await expect(rows).toHaveCount(2, { timeout: 10_000 });
  const done = rows.first();
  await done.getByRole('button', { name: 'Correct the punch of Grace Lee' }).click();
  const punchIn = done.getByLabel('Punch in');
  const punchOut = done.getByLabel('Punch out');
  const inValue = await punchIn.inputValue();
  const outValue = await punchOut.inputValue();
  expect(inValue).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
  await punchOut.fill(shift(inValue, -30));
  await done.getByRole('button', { name: 'Save' }).click();
  await expect(boss.getByTestId('punch-error')).toHaveText('The punch-out must be after the punch-in.');
  await expect(punchOut).toHaveValue(shift(inValue, -30));
  await boss.screenshot({ path: `${SHOTS}/clocks-refused.png`, fullPage: true });
  await punchOut.fill(outValue);
  await punchIn.fill(shift(inValue, -60));
  await done.getByRole('button', { name: 'Save' }).click();
  await expect(boss.getByText('The punch of Grace Lee is corrected.')).toBeVisible();
  await expect(rows.first()).toContainText('Alex Morgan');
  await boss.screenshot({ path: `${SHOTS}/clocks-corrected.png`, fullPage: true });

  // 5. The timecard has the added hour.
  await boss.goto('/analysis/timecards');
  await pickLongValley(boss, 'timecards');
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(async () => Number(await card.locator('[data-total="TotalHours"]').innerText()) - before, {
      timeout: 5_000,
    })
    .toBeGreaterThanOrEqual(0.99);
  expect(Number(await card.locator('[data-total="TotalHours"]').innerText()) - before).toBeLessThan(1.2);
  await boss.screenshot({ path: `${SHOTS}/timecards.png`, fullPage: true });

  // 6. Face history of the plant shows Grace's punches and activities.
  await boss.goto('/boards/facehistory');
  await pickLongValley(boss, 'face-history');
  await expect(boss.getByTestId('face-history').locator('tr[data-kind="punch"]').first()).toBeVisible({
    timeout: 10_000,
  });
  await expect(boss.getByTestId('face-history')).toContainText('Grace Lee');
  await boss.screenshot({ path: `${SHOTS}/face-history.png`, fullPage: true });
});
