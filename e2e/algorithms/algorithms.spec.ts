import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/session';

/**
 * The rate algorithms (issue 5, item 5) in a real browser: an administrator changes a formula of the
 * demo painting group, tests it on /algorithms/testing with the galvanized column, answers the question
 * the algorithm poses and sees the rate that answer gives. Every /algorithms screen is photographed
 * at 1440x900 into test-results/algorithms/.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/algorithms/${name}.png`, fullPage: true });

test('an administrator edits a formula, tests it and answers the question it poses', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin');

  // Groups.
  await page.goto('/algorithms');
  await expect(page).toHaveURL(/\/algorithms\/groups$/);
  const groups = page.getByRole('table', { name: 'Algorithm groups' });
  await expect(groups.locator('tr[data-group="Roll forming"]')).toContainText('LV-RF01');
  await expect(groups.locator('tr[data-group="Painting"]')).toContainText('2 active of 2');
  await shot(page, '1-groups');

  // The painting group's algorithms, by priority.
  await groups.getByRole('link', { name: 'Painting' }).click();
  await expect(page).toHaveURL(/\/algorithms\/list\/\d+$/);
  const list = page.getByRole('table', { name: 'Algorithms' });
  await expect(list.locator('tbody tr')).toHaveCount(2);
  await expect(list.locator('tbody tr').first()).toContainText('Galvanized parts');
  await shot(page, '2-list');

  // The editor: a broken formula is refused as it is typed and kept; the corrected one is saved.
  await list.getByRole('link', { name: 'Galvanized parts' }).click();
  await expect(page).toHaveURL(/\/algorithms\/algorithm\/\d+\/\d+$/);
  const bundle = page.locator('input[name="MinutesPerBundle"]');
  await expect(bundle).toHaveValue(
    'TouchUpOnly ? 4 + Weight * BundleSize / 500 : 6 + Weight * BundleSize / 150',
  );
  await bundle.fill('TouchUpOnly ? 3 + Weight * BundleSize / 400 : 6 + Weight * BundleSize /');
  await expect(page.locator('[data-formula-error="MinutesPerBundle"]')).toContainText('Not saved:');
  await bundle.blur();
  await expect(page.getByTestId('save-status')).toHaveText('');
  // Nothing typed is lost: after a reload the unsaved text is back, and says so.
  await page.reload();
  await expect(bundle).toHaveValue('TouchUpOnly ? 3 + Weight * BundleSize / 400 : 6 + Weight * BundleSize /');
  await expect(page.getByText(/1 change\(s\) not saved last time were restored/)).toBeVisible();
  await bundle.fill('TouchUpOnly ? 3 + Weight * BundleSize / 400 : 6 + Weight * BundleSize / 150');
  await expect(page.locator('[data-formula-error="MinutesPerBundle"]')).toHaveCount(0);
  await bundle.blur();
  await expect(page.getByText(/Changes saved at/)).toBeVisible();
  // The queue has sent it once the top bar no longer says "Saving".
  await expect(page.getByTestId('save-status')).toHaveText('', { timeout: 10_000 });
  await shot(page, '3-editor');

  // A reload shows the saved formula (from the server).
  await page.reload();
  await expect(page.locator('input[name="MinutesPerBundle"]')).toHaveValue(
    'TouchUpOnly ? 3 + Weight * BundleSize / 400 : 6 + Weight * BundleSize / 150',
  );

  // Test it on the galvanized column: the algorithm asks, the answer gives the rate.
  await page.getByRole('link', { name: 'Test this algorithm' }).click();
  await expect(page).toHaveURL(/\/algorithms\/testing\?algorithmID=\d+$/);
  await expect(page.locator('select[name="group"] option:checked')).toHaveText('Painting');
  await page.locator('select[name="sample"]').selectOption('COL-C4-192');
  await expect(page.locator('input[name="input-Material"]')).toHaveValue('GALV');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const run = page.getByTestId('algorithm-run');
  await expect(run).toContainText('A question must be answered first');
  await expect(run).toContainText('Is this a touch-up only?');
  await run.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(run).toContainText('Rate calculated');
  // 3 + 58 lb * 25 / 400 = 6.625 minutes a bundle; 6.625 / 25 = 0.265 a piece; touch-up setup 5.
  await expect(run.locator('[data-result="MinutesPerBundle"]')).toHaveText('6.625');
  await expect(run.locator('[data-result="MinutesPerPiece"]')).toHaveText('0.265');
  await expect(run.locator('[data-result="SetupMinutes"]')).toHaveText('5');
  await expect(page.getByTestId('rate-log')).toContainText('Answer TouchUpOnly = true');
  await shot(page, '4-testing');

  // "No" gives the full paint line rate.
  await page.getByRole('button', { name: 'Forget the answers' }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await run.getByRole('button', { name: 'No', exact: true }).click();
  await expect(run.locator('[data-result="MinutesPerBundle"]')).toHaveText('15.6667');
  await expect(run.locator('[data-result="FeetPerMinute"]')).toHaveText('12');

  // Analysis, rates, PB properties, the operation view.
  await page.goto('/algorithms/analysis');
  await expect(page.locator('[data-count="rate"]')).toHaveText(/\d+/);
  await expect(page.getByRole('table', { name: 'Analysis' }).locator('tbody tr')).toHaveCount(7);
  await shot(page, '5-analysis');

  await page.goto('/algorithms/rates');
  await expect(page.getByRole('table', { name: 'RollFormerFPM' })).toContainText('75');
  await shot(page, '6-rates');

  await page.goto('/algorithms/pbproperties');
  await expect(page.getByRole('table', { name: 'PB properties' })).toContainText('ProfileDepth');
  await shot(page, '7-pbproperties');

  await page.goto('/algorithms/operation/1');
  await expect(page.getByRole('heading', { name: 'Operation 1: rate algorithm' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await shot(page, '8-operation');
});

/**
 * /algorithms/operation/{ppoid} against stand-ins for the production-plan area's two calls
 * (algorithm/RunOperationAlgorithm, web/UpdateProductionOperation), whose server side is not in this
 * branch: the screen shows the posed question, sends the answer as the operation's AlgorithmAnswer and
 * shows the re-run's result. Once the production-plan server is merged, run this on a seeded operation
 * instead of the stand-ins.
 */
test('the operation view shows the posed question and sends the answer', async ({ page }) => {
  const envelope = (result: unknown) => ({
    Sorry: false,
    Error: false,
    Silent: false,
    Message: '',
    ResultJSON: JSON.stringify(result),
    ResultCompressed: false,
    ReturnOrder: null,
  });
  const zero = {
    MinutesPerPiece: 0,
    MinutesPerBundle: 0,
    FeetPerMinute: 0,
    SetupMinutes: 0,
    SchedulingMinutesPerPiece: 0,
  };
  const answers: unknown[] = [];
  await page.route('**/api/algorithm/RunOperationAlgorithm**', (route) =>
    route.fulfill({
      json: envelope(
        answers.length
          ? {
              result: {
                Success: true,
                QuestionPosed: false,
                Question: null,
                Result: {
                  ...zero,
                  MinutesPerPiece: 0.288,
                  MinutesPerBundle: 7.2,
                  SetupMinutes: 5,
                  SchedulingMinutesPerPiece: 0.288,
                },
              },
              calculation: { RateLog: 'Answer TouchUpOnly = true (Is this a touch-up only?)' },
            }
          : {
              result: {
                Success: false,
                QuestionPosed: true,
                Question: {
                  Key: 'TouchUpOnly',
                  Text: 'Is this a touch-up only?',
                  Kind: 'yesno',
                  Choices: [],
                },
                Result: zero,
              },
              calculation: { RateLog: 'Question: Is this a touch-up only?' },
            },
      ),
    }),
  );
  await page.route('**/api/web/UpdateProductionOperation', async (route) => {
    answers.push(route.request().postDataJSON());
    await route.fulfill({ json: envelope(null) });
  });
  await logIn(page, 'admin');
  await page.goto('/algorithms/operation/42');
  const run = page.getByTestId('algorithm-run');
  await expect(run).toContainText('Is this a touch-up only?');
  await shot(page, '8-operation-question');
  await run.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(run).toContainText('Rate calculated');
  await expect(run.locator('[data-result="MinutesPerBundle"]')).toHaveText('7.2');
  expect(answers).toHaveLength(1);
  expect(answers[0]).toMatchObject({
    ProductionPlanOperationID: 42,
    FieldName: 'AlgorithmAnswer',
    Value: { Key: 'TouchUpOnly', Value: true },
  });
  await shot(page, '8-operation-answered');
});

test('two editors see each other: a rate saved in one tab shows in the other, and an edited formula too', async ({
  browser,
}) => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  if (!a || !b) throw new Error('two pages');
  await logIn(a, 'admin');
  await logIn(b, 'admin');
  await a.goto('/algorithms/rates');
  await b.goto('/algorithms/rates');
  const table = b.getByRole('table', { name: 'RollFormerFPM' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(b.getByTestId('hub-state')).toContainText('Live');
  await a.locator('input[name="RateTable"]').fill('RollFormerFPM');
  await a.locator('input[name="Key"]').fill('18');
  await a.locator('input[name="Value"]').fill('82');
  await a.getByRole('button', { name: 'Save' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(4, { timeout: 10_000 });
  await expect(table).toContainText('82');

  // The same algorithm open in both editors: a formula saved in one appears in the other.
  await a.goto('/algorithms/list/1');
  await a.getByRole('link', { name: 'Anything else' }).click();
  await b.goto(a.url());
  const setupA = a.locator('input[name="SetupMinutes"]');
  const setupB = b.locator('input[name="SetupMinutes"]');
  await expect(setupB).toHaveValue('30');
  await expect(b.getByTestId('hub-state')).toContainText('Live');
  await setupA.fill('25 + Welds * 2');
  await setupA.blur();
  await expect(setupB).toHaveValue('25 + Welds * 2', { timeout: 10_000 });
  for (const c of contexts) await c.close();
});
