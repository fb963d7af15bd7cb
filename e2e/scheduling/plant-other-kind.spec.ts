import { expect, test } from '@playwright/test';
import { logIn } from '../support/session';
import {
  card,
  confirmOtherKind,
  dragCard,
  lane,
  openPlantSchedule,
  serverLanes,
  serverTask,
  settled,
  shownScheduleId,
  topOfLane,
} from './plant-support';

/**
 * Issue 15, item 6: a roll-former task dropped on the punch press is asked about before it lands (No
 * leaves it where it was), and once moved the server re-rates it by the precedence of spec 001 §4 for
 * the punch press (its costing engine, else its official rate) instead of keeping the roll former's.
 */
test('a drop on a machine of another kind asks first, and the moved task takes that machine’s rate', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, 'scheduler');
  await openPlantSchedule(page);
  const scheduleId = await shownScheduleId(page);
  const [taskId] = await topOfLane(page, 'IDF-RF01', 1);
  if (!taskId) throw new Error('IDF-RF01 needs a task');
  const before = await serverTask(page, scheduleId, taskId);
  expect(before.ResourceID).toBe('IDF-RF01');

  // No: nothing moves, on the screen or on the server.
  await dragCard(page, taskId, 'IDF-PCH01', 0);
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Move to IDF-PCH01 (Punching) from IDF-RF01 (Roll forming)?');
  await expect(question).toContainText('else its official rate');
  await page.screenshot({ path: 'test-results/screenshots/plant-other-kind-question.png' });
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toHaveCount(0);
  await expect(lane(page, 'IDF-RF01').locator(`[data-task="${taskId}"]`)).toBeVisible();
  expect((await serverLanes(page, scheduleId)).get('IDF-RF01')).toContain(taskId);

  // Yes: the task moves and the server gives it the punch press's rate, not the roll former's.
  await dragCard(page, taskId, 'IDF-PCH01', 0);
  await confirmOtherKind(page);
  await expect(lane(page, 'IDF-PCH01').locator(`[data-task="${taskId}"]`)).toBeVisible();
  await settled(page);
  await expect
    .poll(async () => (await serverTask(page, scheduleId, taskId)).ResourceID, { timeout: 10_000 })
    .toBe('IDF-PCH01');
  const after = await serverTask(page, scheduleId, taskId);
  expect(after.RateDescription).not.toBe(before.RateDescription);
  expect(['Costing engine of IDF-PCH01', 'Standard hole pattern']).toContain(after.RateDescription);
  if (after.RateDescription === 'Standard hole pattern') {
    expect(after).toMatchObject({
      OfficialRate: true,
      ScheduledMinutesPerPiece: 0.25,
      ScheduledSetupMinutes: 20,
    });
  }
  // The card and its panel show the new rate.
  await card(page, taskId).click();
  await expect(page.getByTestId('task-panel')).toContainText(after.RateDescription);
  await page.screenshot({ path: 'test-results/screenshots/plant-other-kind-moved.png' });
});
