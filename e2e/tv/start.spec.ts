import { expect, test } from '@playwright/test';

/**
 * /tv/start (issue 7, the TV frame): choose a board and its parameter with no login; the first board
 * is remembered (spec 000 §2.3, src/app/navigation.ts) and `/tv` restores it; /tv/start stays the place
 * to change or forget it.
 */
test.use({ viewport: { width: 1920, height: 1080 } });

test('choosing a board on /tv/start goes there, /tv restores it, and it can be changed and forgotten', async ({
  page,
}) => {
  await page.goto('/tv/start');
  await expect(page.locator('[data-layout=tv]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'TV Start', level: 1 })).toBeVisible();
  await expect(page.getByTestId('tv-remembered')).toContainText('No board remembered yet');

  // A typed parameter is checked before leaving.
  await page.locator('select[name="board"]').selectOption({ label: 'TV Painting' });
  await page.locator('input[name="param"]').fill('not valid!');
  await page.getByRole('button', { name: 'Show this board' }).click();
  await expect(page.getByRole('alert')).toContainText('A resource is 1 to 20 letters, digits, - or _.');
  await expect(page).toHaveURL(/\/tv\/start$/);
  await page.locator('input[name="param"]').fill('paint01');
  await page.getByRole('button', { name: 'Show this board' }).click();
  await expect(page).toHaveURL(/\/tv\/painting\/PAINT01$/);
  // The painting board (issue 7), honest about a line that publishes nothing.
  await expect(page.getByTestId('tvp-empty')).toContainText('No paint line PAINT01 on this topic yet.');
  await page.screenshot({ path: 'test-results/screens/tv-painting-unknown.png' });

  // The TV's home comes back to it, also after a reload.
  await page.goto('/tv');
  await expect(page).toHaveURL(/\/tv\/painting\/PAINT01$/);
  await page.goto('/tv/scoreboard/4');
  await page.goto('/tv');
  await expect(page).toHaveURL(/\/tv\/painting\/PAINT01$/);

  // /tv/start shows what is remembered and changes it: plants come from the plant list.
  await page.goto('/tv/start');
  await expect(page.getByTestId('tv-remembered')).toContainText(
    'This TV opens TV Painting at /tv/painting/PAINT01.',
  );
  await page.locator('select[name="board"]').selectOption({ label: 'KPI Monitor' });
  await page.locator('select[name="param"]').selectOption({ label: '6 Dyersburg' });
  // The clock follows the chosen plant's time zone (spec 000 §9).
  await expect(page.getByTestId('tv-clock')).toHaveAttribute('data-tz', 'America/Chicago');
  await page.getByRole('button', { name: 'Show this board' }).click();
  await expect(page).toHaveURL(/\/tv\/kpimonitor\/6$/);
  await page.goto('/tv');
  await expect(page).toHaveURL(/\/tv\/kpimonitor\/6$/);

  await page.goto('/tv/start');
  await page.getByRole('button', { name: 'Forget it' }).click();
  await expect(page.getByTestId('tv-remembered')).toContainText('No board remembered yet');
  expect(await page.evaluate(() => localStorage.getItem('sw.tvPath'))).toBeNull();
  await page.goto('/tv');
  await expect(page).toHaveURL(/\/tv\/start$/);
});
