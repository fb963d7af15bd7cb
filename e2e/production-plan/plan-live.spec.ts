import { expect, test } from '@playwright/test';
import { opRow, twoPlanners, typeNumber } from './plan-support';

// A plant 2 job: the second planner is the demo scheduler (plant 2), and plant-scoped data is changed
// only within one's own plant (issue 14 §3). J240005 is the fifth seeded job (plant cycle 1, 2, 1, 6, 2).
const JOB = 'J240005';

/** Milliseconds from `since` until `check` (an assertion on the other browser's page) passes. */
async function seenWithin(check: () => Promise<void>, since: number): Promise<number> {
  await check();
  return Date.now() - since;
}

test('two planners on one plan see each other’s edits within a second', async ({ browser }) => {
  const { pageA, pageB, close } = await twoPlanners(browser, JOB);

  const firstId = await pageA.locator('[data-op]').first().getAttribute('data-op');
  expect(firstId).toBeTruthy();
  const rowA = opRow(pageA, firstId!);
  const rowB = opRow(pageB, firstId!);
  const workersA = rowA.locator('input[name="WorkerCount"]');
  const workersB = rowB.locator('input[name="WorkerCount"]');
  const before = Number(await workersA.inputValue());
  const workers = before >= 5 ? 2 : before + 1;

  // A changes the worker count: B sees it.
  let t0 = await typeNumber(workersA, workers);
  const workerMs = await seenWithin(
    () => expect(workersB).toHaveValue(String(workers), { timeout: 5_000 }),
    t0,
  );

  // A toggles an action flag: B sees it (and the rule's effect: setup on with any other flag).
  const packA = rowA.locator('button[name="ActionPack"]');
  const packB = rowB.locator('button[name="ActionPack"]');
  const packed = (await packA.getAttribute('aria-pressed')) === 'true';
  t0 = Date.now();
  await packA.click();
  const flagMs = await seenWithin(
    () => expect(packB).toHaveAttribute('aria-pressed', String(!packed), { timeout: 5_000 }),
    t0,
  );
  if (!packed)
    await expect(rowB.locator('button[name="ActionSetup"]')).toHaveAttribute('aria-pressed', 'true');

  // B changes the quantity: A sees it.
  const qtyA = rowA.locator('input[name="ProductionQuantity"]');
  const qtyB = rowB.locator('input[name="ProductionQuantity"]');
  const quantity = Number((await qtyB.inputValue()).replace(/,/g, '')) + 7;
  t0 = await typeNumber(qtyB, quantity);
  const qtyMs = await seenWithin(
    () => expect(qtyA).toHaveValue(quantity.toLocaleString('en-US'), { timeout: 5_000 }),
    t0,
  );

  // B sets the worker count back: A sees it.
  t0 = await typeNumber(workersB, before);
  const backMs = await seenWithin(() => expect(workersA).toHaveValue(String(before), { timeout: 5_000 }), t0);

  console.log(
    `plan-live: worker count A→B ${workerMs} ms, action flag A→B ${flagMs} ms, quantity B→A ${qtyMs} ms, worker count B→A ${backMs} ms`,
  );
  for (const elapsed of [workerMs, flagMs, qtyMs, backMs]) expect(elapsed).toBeLessThan(1000);
  // Nothing left saving on either side.
  await expect(pageA.getByTestId('save-status')).not.toContainText('Saving', { timeout: 10_000 });
  await expect(pageB.getByTestId('save-status')).not.toContainText('Saving', { timeout: 10_000 });
  await close();
});
