import { expect, test } from '@playwright/test';
import { expectShownOnce, expectSuccessToast } from '../support/feedback';
import { logIn, storedSession } from '../support/session';
import { openPlan, opRow, serverPlan } from './plan-support';

const shots = 'test-results/screenshots';

/** LoadProductionPlan2's Job, as the server answers it to the page's session. */
async function serverJob(page: import('@playwright/test').Page, job: string) {
  const { TokenID, EmployeeID } = await storedSession(page);
  const q = new URLSearchParams({ JobNumber: job, TransmissionInfoJSON: '{}', Interface: 'web' });
  const res = await page.request.get(`/api/web/LoadProductionPlan2?${q}`, {
    headers: { Authorization: TokenID, EmployeeID: String(EmployeeID) },
  });
  const body = await res.json();
  return JSON.parse(body.ResultJSON).Job as { DueDate: string; PlantID: number };
}

test('J240002 is due the same day on the plan list and on the plan page (a date is never moved through a zone)', async ({
  page,
}) => {
  await logIn(page, 'admin');
  const job = await serverJob(page, 'J240002');
  // The calendar day the server holds (YYYY-MM-DD), whatever zone the plant or the browser is in.
  const [year, month, day] = job.DueDate.split('-').map(Number) as [number, number, number];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const due = `${months[month - 1]}-${day}-${String(year).slice(2)}`;

  await openPlan(page, 'J240002');
  const shown = page
    .locator('.pp-header-grid dt', { hasText: /^Due$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(shown).toHaveText(due);

  await page.goto(`/productionplans?plant=${job.PlantID}&q=J240002`);
  const row = page.locator('tr[data-job="J240002"]');
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText(due);
});

test('a plan that does not exist says so once, in place, with no alert on top', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/productionplan/J999999');
  const message = page.getByTestId('plan-loading');
  await expect(message).toHaveRole('alert');
  await expect(message).toContainText('J999999');
  await expectShownOnce(page, /J999999 was not found/);
});

test('deleting an operation confirms with a toast bottom-right that goes by itself, not a modal', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'admin');
  const job = 'J241234';
  const plan = await serverPlan(page, job);
  const op = plan.Plan.Operations.find(
    (o) => !o.Printed && !o.Invalidated && Array.isArray(o.Backflushes) && o.Backflushes.length === 0,
  );
  expect(op, 'an operation that is deleted, not invalidated').toBeTruthy();
  await openPlan(page, job);
  const row = opRow(page, op!.ProductionPlanOperationID);
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  // The question stays a dialog: it needs an answer.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);
  const text = `Operation ${op!.Sequence} was deleted.`;
  await expectSuccessToast(page, text, { screenshot: `${shots}/plan-delete-toast-1440.png` });
});
