import { expect, test } from '@playwright/test';
import { expectSuccessToast } from '../support/feedback';
import { logIn } from '../support/session';
import {
  confirmOtherKind,
  dragCard,
  laneIds,
  openPlantSchedule,
  serverLanes,
  settled,
  shownScheduleId,
  topOfLane,
} from './plant-support';

/**
 * A what-if schedule through the screen (issue 6): Sam (scheduler: createWhatIfSchedules,
 * commitSchedules) copies Idaho Falls' official schedule, moves a task in the copy, which leaves the
 * official schedule alone, and commits it; the administrator, watching the official schedule, sees the
 * move arrive without a reload. The test reads the state it starts from (other specs change the board).
 */
test('a what-if is made, changed without touching the official schedule, and committed; the other scheduler sees it', async ({
  browser,
}) => {
  // A what-if copies the plant's whole official schedule (about 1,000 tasks) and follows its topic.
  test.setTimeout(120_000);
  const ca = await browser.newContext({ viewport: { width: 1600, height: 950 } });
  const cb = await browser.newContext({ viewport: { width: 1600, height: 950 } });
  const a = await ca.newPage();
  const b = await cb.newPage();
  await logIn(a, 'scheduler');
  await logIn(b, 'admin');
  await openPlantSchedule(a);
  await openPlantSchedule(b);
  const official = await shownScheduleId(b);
  const [from, to] = await laneIds(b);
  if (!from || !to) throw new Error('Idaho Falls needs two lanes');
  const [officialTask] = await topOfLane(b, from, 1);
  const officialTopOfTarget = await topOfLane(b, to, 3);

  // A: a new what-if, shown at once, live.
  await a.getByRole('button', { name: 'New what-if' }).click();
  await a.getByRole('dialog').getByLabel('Name').fill('Roll former first');
  await a.getByRole('button', { name: 'Create' }).click();
  await expect(a.getByTestId('schedule-board')).not.toHaveAttribute('data-schedule', String(official));
  await expect(a.getByTestId('schedule-board')).toHaveAttribute('data-synced', 'true', { timeout: 30_000 });
  const whatIf = await shownScheduleId(a);
  await expect(a.getByRole('button', { name: 'Commit' })).toBeVisible();

  // The copy's first task of the first lane moves to the top of the second lane.
  const [copy] = await topOfLane(a, from, 1);
  expect(copy).toBeTruthy();
  expect(copy).not.toBe(officialTask);
  await dragCard(a, copy as number, to, 0);
  await confirmOtherKind(a);
  await settled(a);
  await expect.poll(async () => (await serverLanes(a, whatIf)).get(to)?.[0]).toBe(copy);
  // The official schedule did not move: on the server and on B's screen.
  expect((await serverLanes(b, official)).get(from)?.[0]).toBe(officialTask);
  expect(await topOfLane(b, to, 3)).toEqual(officialTopOfTarget);
  await a.screenshot({ path: 'test-results/screenshots/plant-whatif-changed.png' });

  // Commit: the copy's move becomes the official one; B sees it without a reload.
  await a.getByRole('button', { name: 'Commit' }).click();
  await a.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  // Issue 15 (7): the scheduler lands on the official schedule, with a toast and no blocking modal.
  await expectSuccessToast(a, '"Roll former first" is now the official schedule.');
  await expect(a.getByRole('alertdialog')).toHaveCount(0);
  await expect(a.getByTestId('schedule-board')).toHaveAttribute('data-schedule', String(official));
  await expect(a.getByTestId('schedule-mode')).not.toContainText('read only');
  await expect(a.getByRole('button', { name: 'Commit' })).toHaveCount(0);
  await expect.poll(async () => (await topOfLane(a, to, 1))[0], { timeout: 10_000 }).toBe(officialTask);
  await a.screenshot({ path: 'test-results/screenshots/plant-whatif-committed-toast.png' });
  await expect.poll(async () => (await serverLanes(b, official)).get(to)?.[0]).toBe(officialTask);
  await expect.poll(async () => (await topOfLane(b, to, 1))[0], { timeout: 5_000 }).toBe(officialTask);
  await b.screenshot({ path: 'test-results/screenshots/plant-whatif-committed-other-screen.png' });

  // The committed what-if can still be opened (read only) and discarded from the list.
  await a.getByLabel('Schedule', { exact: true }).selectOption({ label: 'Roll former first (committed)' });
  await expect(a.getByTestId('schedule-mode')).toContainText('Committed: read only');
  await a.getByRole('button', { name: 'Discard' }).click();
  await a.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(a.getByTestId('schedule-board')).toHaveAttribute('data-schedule', String(official));
  await ca.close();
  await cb.close();
});
