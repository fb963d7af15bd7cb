import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import type { Schedule, Task } from '../../domain/scheduling/entities';
import { logIn, storedSession } from '../support/session';

/** Opens /scheduling/plant on `plantName` and waits until the schedule is live (its topic pulled). */
export async function openPlantSchedule(page: Page, plantName = 'Idaho Falls'): Promise<void> {
  await page.goto('/scheduling/plant');
  const plant = page.getByTestId('plant-schedule').getByLabel('Plant', { exact: true });
  await expect(plant).toBeVisible({ timeout: 20_000 });
  if ((await plant.locator('option:checked').textContent()) !== plantName) {
    await plant.selectOption({ label: plantName });
  }
  await expect(page.getByTestId('schedule-board')).toHaveAttribute('data-synced', 'true', {
    timeout: 30_000,
  });
}

export const lane = (page: Page, resourceId: string): Locator => page.locator(`[data-lane="${resourceId}"]`);
export const card = (page: Page, taskId: number | string): Locator => page.locator(`[data-task="${taskId}"]`);

/** The ResourceIDs of the lanes drawn, left to right. */
export async function laneIds(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="lane"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-lane') ?? ''));
}

/** The task ids of the first `n` cards of a lane, top to bottom (only drawn cards: the top of the lane). */
export async function topOfLane(page: Page, resourceId: string, n = 6): Promise<number[]> {
  const ids = await lane(page, resourceId)
    .locator('[data-testid="task-card"]')
    .evaluateAll((els) =>
      els
        .map((e) => ({ id: Number(e.getAttribute('data-task')), y: e.getBoundingClientRect().top }))
        .sort((a, b) => a.y - b.y)
        .map((e) => e.id),
    );
  return ids.slice(0, n);
}

/**
 * Drags a card with the mouse (pointer events, as a person does) into a lane, dropping in the gap
 * before card number `index` (0-based) of that lane, or in the lane's top gap. Answers Date.now() at
 * the release.
 */
export async function dragCard(page: Page, taskId: number, toLane: string, index = 0): Promise<number> {
  const from = await card(page, taskId).boundingBox();
  const list = await page.locator(`[data-lane-list="${toLane}"]`).boundingBox();
  if (!from || !list) throw new Error(`cannot drag task ${taskId} to ${toLane}`);
  const x = list.x + list.width / 2;
  // Rows are 104 px and the list has 0.35 rem of padding: the gap before card `index`.
  const y = list.y + 6 + index * 104 + 10;
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 30, { steps: 2 });
  await page.mouse.move(x, y, { steps: 8 });
  await expect(page.getByTestId('drop-indicator')).toBeVisible();
  const released = Date.now();
  await page.mouse.up();
  return released;
}

/**
 * Answers Yes to the board's question before a drop on a machine of another kind (issue 15: every
 * lane of the Idaho Falls demo is a different kind). Answers Date.now() at the answer, when the move
 * is queued.
 */
export async function confirmOtherKind(page: Page): Promise<number> {
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('A machine of another kind may not be able to run it');
  const answered = Date.now();
  await question.getByRole('button', { name: 'Yes' }).click();
  return answered;
}

/**
 * A GET call of the wire contract as this page's logged-in user, straight to the server (not through
 * the page's queue or cache): its ResultJSON parsed, or an Error when the envelope is Sorry or Error.
 */
export async function apiGet<T>(
  page: Page,
  path: string,
  params: Record<string, string | number>,
): Promise<T> {
  const { TokenID, EmployeeID } = await storedSession(page);
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    TransmissionInfoJSON: '{}',
    Interface: 'manufacturing',
  });
  const res = await page.request.get(`/api/${path}?${query}`, {
    headers: { Authorization: TokenID, EmployeeID: String(EmployeeID), Compression: 'false' },
  });
  return unwrap<T>(path, await res.json());
}

/** A POST call of the wire contract as this page's logged-in user (see {@link apiGet}). */
export async function apiPost<T>(page: Page, path: string, body: Record<string, unknown>): Promise<T> {
  const { TokenID, EmployeeID } = await storedSession(page);
  const res = await page.request.post(`/api/${path}`, {
    headers: { Authorization: TokenID, EmployeeID: String(EmployeeID), Compression: 'false' },
    data: { ...body, TransmissionInfoJSON: '{}', Interface: 'manufacturing' },
  });
  return unwrap<T>(path, await res.json());
}

function unwrap<T>(
  path: string,
  envelope: { Sorry?: boolean; Error?: boolean; Message?: string; ResultJSON?: string },
) {
  if (envelope.Sorry || envelope.Error) throw new Error(`${path}: ${envelope.Message}`);
  return JSON.parse(envelope.ResultJSON ?? 'null') as T;
}

/** The whole schedule as the server has it now: its lanes with their tasks, in order. */
export async function serverSchedule(page: Page, scheduleId: number): Promise<Schedule> {
  return apiGet<Schedule>(page, 'web/GetSchedule', { ScheduleID: scheduleId });
}

/** The schedule as the server has it: ResourceID → task ids in order. */
export async function serverLanes(page: Page, scheduleId: number): Promise<Map<string, number[]>> {
  const schedule = await serverSchedule(page, scheduleId);
  return new Map(schedule.Workcenters.map((w) => [w.ResourceID, w.Tasks.map((t) => t.ScheduleTaskID)]));
}

/** One task as the server has it now. */
export async function serverTask(page: Page, scheduleId: number, taskId: number): Promise<Task> {
  const schedule = await serverSchedule(page, scheduleId);
  for (const w of schedule.Workcenters) {
    const task = w.Tasks.find((t) => t.ScheduleTaskID === taskId);
    if (task) return task;
  }
  throw new Error(`task ${taskId} is not on schedule ${scheduleId}`);
}

/** The schedule the page shows (its picker's value). */
export async function shownScheduleId(page: Page): Promise<number> {
  return Number(await page.getByTestId('schedule-board').getAttribute('data-schedule'));
}

/** Nothing left saving on the page (the board's count of tasks with a queued edit). */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('schedule-board')).toHaveAttribute('data-saving', '0', { timeout: 10_000 });
  await expect(page.getByTestId('save-status')).not.toContainText('Saving', { timeout: 10_000 });
}

/**
 * Two schedulers on Idaho Falls' official schedule (the demo seed gives every demo plant one): Sam
 * (scheduler, plant 2) and the administrator, who picks Idaho Falls, each in a browser context of
 * their own (a second person on another computer).
 */
export async function twoSchedulers(browser: Browser): Promise<{ a: Page; b: Page; close(): Promise<void> }> {
  const ca = await browser.newContext({ viewport: { width: 1600, height: 950 } });
  const cb = await browser.newContext({ viewport: { width: 1600, height: 950 } });
  const a = await ca.newPage();
  const b = await cb.newPage();
  await logIn(a, 'scheduler');
  await logIn(b, 'admin');
  await openPlantSchedule(a);
  await openPlantSchedule(b);
  return {
    a,
    b,
    async close() {
      await ca.close();
      await cb.close();
    },
  };
}
