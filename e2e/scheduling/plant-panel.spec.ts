import { expect, type Locator, type Page, test } from '@playwright/test';
import type { ResultOf } from '../../domain/contract/call';
import { addDays, localInstant } from '../../domain/scheduling/calendar';
import type { GetSchedulingSettings, RunScheduleTaskAlgorithm } from '../../domain/scheduling/calls';
import type { ScheduleColor, Task } from '../../domain/scheduling/entities';
import { scheduleColors } from '../../src/areas/scheduling/shared/colors';
import { logIn } from '../support/session';
import {
  apiGet,
  card,
  lane,
  laneIds,
  openPlantSchedule,
  serverLanes,
  serverSchedule,
  serverTask,
  settled,
  shownScheduleId,
  topOfLane,
  twoSchedulers,
} from './plant-support';

/**
 * The plant schedule's task panel, colour and status menus, filters and multi-selection (issue 6), on
 * Idaho Falls' official schedule as the demo seed makes it (lanes IDF-RF01, IDF-PCH01, IDF-CUT01,
 * IDF-WLD01, IDF-PNT01, IDF-ASM01; the roll former and the paint line have a rate algorithm, the others
 * none). Other specs change the board too: every test reads the state it starts from, from the server.
 * Photographs under test-results/screenshots/ for a person to look at.
 */

// Two schedulers each load the whole board (about 1,000 tasks) and reload it: more than the default
// minute on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

const SHOTS = 'test-results/screenshots';
const TZ = 'America/Boise';
type AlgorithmAnswer = ResultOf<typeof RunScheduleTaskAlgorithm>;
type Settings = ResultOf<typeof GetSchedulingSettings>;

/** A number as the panel's fields show it (spec 000 §5: thousands commas, trailing zeros dropped). */
const shown = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 4 });

/** `#rrggbb` as getComputedStyle answers it. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The card is painted in `color` (fill and left edge) and names it on its status line. */
async function expectPainted(c: Locator, color: Exclude<ScheduleColor, 'n/a'>, label: RegExp | string) {
  const paint = scheduleColors[color];
  await expect(c).toHaveCSS('background-color', rgb(paint.fill), { timeout: 5_000 });
  await expect(c).toHaveCSS('border-left-color', rgb(paint.edge));
  await expect(c.locator('.sp-status')).toHaveText(label);
}

/** The card has no colour of its own and no status: no status line, not painted. */
async function expectUnpainted(c: Locator) {
  await expect(c.locator('.sp-status')).toHaveCount(0, { timeout: 5_000 });
  for (const paint of Object.values(scheduleColors)) {
    await expect(c).not.toHaveCSS('background-color', rgb(paint.fill));
  }
}

/** The board has every task of every lane (not only the first paint's) and is live. */
async function complete(page: Page) {
  await expect(page.getByTestId('schedule-board')).toHaveAttribute('data-complete', 'true', {
    timeout: 30_000,
  });
}

/** The first task among the top of a lane (as the server has it) that `pick` accepts. */
async function pickTask(page: Page, laneId: string, pick: (t: Task) => boolean, within = 8): Promise<Task> {
  const schedule = await serverSchedule(page, await shownScheduleId(page));
  const tasks = schedule.Workcenters.find((w) => w.ResourceID === laneId)?.Tasks ?? [];
  const task = tasks.slice(0, within).find(pick);
  if (!task) throw new Error(`no task to test among the first ${within} of ${laneId}`);
  return task;
}

test('the panel runs the rate algorithm, shows its result and log, and Apply makes the server’s minutes the task’s', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 950 } });
  const page = await context.newPage();
  await logIn(page, 'scheduler');
  await openPlantSchedule(page);
  const scheduleId = await shownScheduleId(page);

  // A task of the paint line whose algorithm answers other minutes than the task has now.
  let task: Task | null = null;
  let answer: AlgorithmAnswer | null = null;
  for (const id of await topOfLane(page, 'IDF-PNT01', 6)) {
    const t = await serverTask(page, scheduleId, id);
    if (t.ProductionPlanOperationID === null || t.Calculated) continue;
    const a = await apiGet<AlgorithmAnswer>(page, 'algorithm/RunScheduleTaskAlgorithm', {
      ScheduleTaskID: id,
    });
    const minutes = a.result.Result.SchedulingMinutesPerPiece || a.result.Result.MinutesPerPiece;
    if (a.result.Success && !a.result.QuestionPosed && minutes !== t.ScheduledMinutesPerPiece) {
      task = t;
      answer = a;
      break;
    }
  }
  if (!task || !answer) throw new Error('no task on IDF-PNT01 whose algorithm changes its minutes');
  const { Result } = answer.result;
  const minutes = Result.SchedulingMinutesPerPiece || Result.MinutesPerPiece;

  await card(page, task.ScheduleTaskID).click();
  const panel = page.getByTestId('task-panel');
  await expect(panel.getByRole('heading')).toHaveText(`${task.JobNumber} / ${task.OperationSequence}`);
  await expect(panel.getByLabel('Minutes per piece', { exact: true })).toHaveValue(
    shown(task.ScheduledMinutesPerPiece),
  );
  await expect(panel.getByTestId('algorithm-result')).toHaveCount(0);

  // Run: the result is the server's, and its calculation log is there to read.
  await panel.getByRole('button', { name: 'Run algorithm' }).click();
  const result = panel.getByTestId('algorithm-result');
  await expect(result).toContainText(
    `${Result.MinutesPerPiece} min per piece (scheduling ${Result.SchedulingMinutesPerPiece}), setup ${Result.SetupMinutes} min`,
  );
  const log = result.locator('pre.sp-log');
  await expect(log).toBeHidden();
  await result.getByText('Rate log').click();
  await expect(log).toBeVisible();
  expect(await log.textContent()).toBe(answer.calculation.RateLog);
  await expect(log).toContainText('Group Painting for resource IDF-PNT01');
  // Running it saved nothing: the task is as it was.
  expect((await serverTask(page, scheduleId, task.ScheduleTaskID)).ScheduledMinutesPerPiece).toBe(
    task.ScheduledMinutesPerPiece,
  );
  await log.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${SHOTS}/plant-panel-algorithm.png` });
  await page.screenshot({ path: `${SHOTS}/plant-panel-algorithm-board.png` });

  // Apply: the server runs it again and takes its minutes; the panel and the card show what it now has.
  await result.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByLabel('Minutes per piece', { exact: true })).toHaveValue(shown(minutes), {
    timeout: 5_000,
  });
  await expect(panel.getByLabel('Setup minutes', { exact: true })).toHaveValue(shown(Result.SetupMinutes));
  await expect(panel).toContainText('calculated');
  await expect(card(page, task.ScheduleTaskID).locator('.sp-badge-calc')).toBeVisible();
  await settled(page);
  const after = await serverTask(page, scheduleId, task.ScheduleTaskID);
  expect(after).toMatchObject({
    ScheduledMinutesPerPiece: minutes,
    ScheduledSetupMinutes: Result.SetupMinutes,
    Calculated: true,
    ModStatus: task.ModStatus === 'A' ? 'A' : 'U',
  });
  const fields = async (p: Page) => {
    const pn = p.getByTestId('task-panel');
    await expect(pn.getByLabel('Minutes per piece', { exact: true })).toHaveValue(
      shown(after.ScheduledMinutesPerPiece),
    );
    await expect(pn.getByLabel('Setup minutes', { exact: true })).toHaveValue(
      shown(after.ScheduledSetupMinutes),
    );
    await expect(pn.getByLabel('Quantity', { exact: true })).toHaveValue(shown(after.OperationQty));
    await expect(pn.getByTestId('panel-estimate')).toHaveText(`${after.EstimatedMinutes} min`);
    await expect(card(p, after.ScheduleTaskID).locator('.sp-foot')).toContainText(
      `${Math.round(after.EstimatedMinutes)} min`,
    );
  };
  await fields(page);

  // A fresh load shows the same.
  await page.reload();
  await expect(page.getByTestId('schedule-board')).toHaveAttribute('data-synced', 'true', {
    timeout: 30_000,
  });
  await card(page, task.ScheduleTaskID).click();
  await fields(page);
  await expect(card(page, task.ScheduleTaskID).locator('.sp-badge-calc')).toBeVisible();

  // A machine without an algorithm: the panel says so, with the server's sentence.
  const [saw] = await topOfLane(page, 'IDF-CUT01', 1);
  await card(page, saw as number).click();
  await page.getByTestId('task-panel').getByRole('button', { name: 'Run algorithm' }).click();
  await expect(page.getByTestId('task-panel').getByRole('alert')).toContainText(
    'No rate algorithm is active for IDF-CUT01',
  );
  await context.close();
});

test('the colour menu: the card shows each colour, the other scheduler sees it live, a reload keeps it', async ({
  browser,
}) => {
  const { a, b, close } = await twoSchedulers(browser);
  const scheduleId = await shownScheduleId(a);
  const laneId = (await laneIds(a))[3] as string;
  // A task without colour and status, so the card shows only the colour set here.
  const task = await pickTask(a, laneId, (t) => t.Color === 'n/a' && t.StatusID === null);
  const id = task.ScheduleTaskID;
  await expectUnpainted(card(a, id));

  await card(a, id).click();
  const menu = a.getByLabel('Set colour');
  for (const color of ['Green', 'Yellow', 'Blue', 'Red', 'Pink', 'Purple'] as const) {
    await menu.selectOption(color);
    await expectPainted(card(a, id), color, color);
    await expectPainted(card(b, id), color, color);
  }
  // n/a ("No colour") takes it off again.
  await menu.selectOption({ label: 'No colour' });
  await expectUnpainted(card(a, id));
  await expectUnpainted(card(b, id));

  await menu.selectOption('Blue');
  await expectPainted(card(b, id), 'Blue', 'Blue');
  await settled(a);
  expect((await serverTask(a, scheduleId, id)).Color).toBe('Blue');
  await b.screenshot({ path: `${SHOTS}/plant-colour-other-screen.png` });
  await a.reload();
  await expect(a.getByTestId('schedule-board')).toHaveAttribute('data-synced', 'true', { timeout: 30_000 });
  await expectPainted(card(a, id), 'Blue', 'Blue');
  await close();
});

test('the status menu: the card shows each status with its colour, live on the other screen, kept on reload', async ({
  browser,
}) => {
  const { a, b, close } = await twoSchedulers(browser);
  const scheduleId = await shownScheduleId(a);
  const settings = await apiGet<Settings>(a, 'web/GetSchedulingSettings', { PlantID: 2 });
  const statuses = settings.Statuses.filter((s) => s.Active);
  expect(statuses.map((s) => s.Name)).toEqual(['Released', 'Material short', 'On hold', 'Rush']);
  const laneId = (await laneIds(a))[1] as string;
  const task = await pickTask(a, laneId, (t) => t.Color === 'n/a' && t.StatusID === null);
  const id = task.ScheduleTaskID;
  await expectUnpainted(card(a, id));

  await card(a, id).click();
  const menu = a.getByLabel('Set status');
  // Only the active statuses are offered, after "Status…" and "No status".
  await expect(menu.locator('option')).toHaveText(['Status…', 'No status', ...statuses.map((s) => s.Name)]);
  for (const status of statuses) {
    await menu.selectOption({ label: status.Name });
    // A task without a colour of its own is painted in its status's colour, named beside the status.
    const color = status.Color as Exclude<ScheduleColor, 'n/a'>;
    await expectPainted(card(a, id), color, `${status.Name} · ${color}`);
    await expectPainted(card(b, id), color, `${status.Name} · ${color}`);
  }
  await menu.selectOption({ label: 'No status' });
  await expectUnpainted(card(a, id));
  await expectUnpainted(card(b, id));

  const rush = statuses.find((s) => s.Name === 'Rush');
  if (!rush) throw new Error('no Rush status');
  await menu.selectOption({ label: 'Rush' });
  await expectPainted(card(b, id), 'Purple', 'Rush · Purple');
  // A colour of its own wins over the status's; the card names both.
  await a.getByLabel('Set colour').selectOption('Green');
  await expectPainted(card(a, id), 'Green', 'Rush · Green');
  await expectPainted(card(b, id), 'Green', 'Rush · Green');
  await settled(a);
  expect(await serverTask(a, scheduleId, id)).toMatchObject({ StatusID: rush.StatusID, Color: 'Green' });
  await a.reload();
  await expect(a.getByTestId('schedule-board')).toHaveAttribute('data-synced', 'true', { timeout: 30_000 });
  await expectPainted(card(a, id), 'Green', 'Rush · Green');
  await close();
});

test('the filters hide the cards that do not match and show those that do; clearing them restores the board', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 950 } });
  const page = await context.newPage();
  await logIn(page, 'scheduler');
  await openPlantSchedule(page);
  await complete(page);
  const scheduleId = await shownScheduleId(page);
  const schedule = await serverSchedule(page, scheduleId);
  const settings = await apiGet<Settings>(page, 'web/GetSchedulingSettings', { PlantID: 2 });
  const statusColor = new Map(settings.Statuses.map((s) => [s.StatusID, s.Color]));
  const lanes = schedule.Workcenters.map((w) => w.ResourceID);
  const total = schedule.Workcenters.reduce((n, w) => n + w.Tasks.length, 0);
  const counts = page.getByTestId('schedule-counts');
  await expect(counts).toHaveText(new RegExp(`^${total} tasks ·`));

  /** The board shows exactly the tasks `match` accepts: total, per lane, and the top of each lane. */
  const showsOnly = async (match: (t: Task) => boolean) => {
    const want = new Map(schedule.Workcenters.map((w) => [w.ResourceID, w.Tasks.filter(match)]));
    const n = [...want.values()].reduce((s, l) => s + l.length, 0);
    expect(n, 'the filter should keep some tasks and hide others').toBeGreaterThan(0);
    expect(n).toBeLessThan(total);
    await expect(counts).toHaveText(new RegExp(`^${n} of ${total} tasks ·`));
    for (const w of schedule.Workcenters) {
      const kept = want.get(w.ResourceID) ?? [];
      await expect(lane(page, w.ResourceID).getByTestId('lane-counts')).toHaveText(
        new RegExp(
          kept.length === w.Tasks.length
            ? `^${kept.length} tasks ·`
            : `^${kept.length} of ${w.Tasks.length} tasks ·`,
        ),
      );
      const top = kept.slice(0, 4).map((t) => t.ScheduleTaskID);
      await expect.poll(() => topOfLane(page, w.ResourceID, 4), { message: w.ResourceID }).toEqual(top);
    }
    return n;
  };
  const restored = async () => {
    await expect(counts).toHaveText(new RegExp(`^${total} tasks ·`));
    for (const w of schedule.Workcenters) {
      await expect
        .poll(() => topOfLane(page, w.ResourceID, 4), { message: w.ResourceID })
        .toEqual(w.Tasks.slice(0, 4).map((t) => t.ScheduleTaskID));
    }
  };

  // Text search: job or part, any case.
  const sample = schedule.Workcenters[1]?.Tasks[2] as Task;
  const search = page.getByLabel('Search job or part');
  await search.fill(sample.JobNumber.toLowerCase());
  const q = sample.JobNumber.toLowerCase();
  await showsOnly((t) => t.JobNumber.toLowerCase().includes(q) || t.PartNum.toLowerCase().includes(q));
  await expect(card(page, sample.ScheduleTaskID)).toBeVisible();
  for (const job of await page
    .locator('[data-testid="task-card"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-job') ?? ''))) {
    expect(job.toLowerCase()).toContain(q);
  }
  await search.fill('');
  await restored();

  // Status: the tasks with that status only; "No status" the others.
  const rush = settings.Statuses.find((s) => s.Name === 'Rush');
  if (!rush) throw new Error('no Rush status');
  const statusFilter = page.getByLabel('Status', { exact: true });
  await statusFilter.selectOption({ label: 'Rush' });
  await showsOnly((t) => t.StatusID === rush.StatusID);
  for (const line of await page.locator('[data-testid="task-card"] .sp-status').allTextContents()) {
    expect(line).toContain('Rush');
  }
  await page.screenshot({ path: `${SHOTS}/plant-filter-status.png` });
  await statusFilter.selectOption({ label: 'No status' });
  await showsOnly((t) => t.StatusID === null);
  await statusFilter.selectOption({ label: 'Any status' });
  await restored();

  // Colour: the colour shown, the task's own or else its status's (Released is Green).
  const colourFilter = page.getByLabel('Colour', { exact: true });
  await colourFilter.selectOption('Green');
  const shownColor = (t: Task) =>
    t.Color !== 'n/a' ? t.Color : t.StatusID === null ? 'n/a' : statusColor.get(t.StatusID);
  await showsOnly((t) => shownColor(t) === 'Green');
  // Two filters at once: both must match (Released tasks without a colour of their own show Green).
  const released = settings.Statuses.find((s) => s.Name === 'Released');
  if (!released) throw new Error('no Released status');
  await statusFilter.selectOption({ label: 'Released' });
  await showsOnly((t) => t.StatusID === released.StatusID && shownColor(t) === 'Green');
  await statusFilter.selectOption({ label: 'Any status' });
  await colourFilter.selectOption({ label: 'Any colour' });
  await restored();

  // Late only: the tasks that end after their due date (its end, plant time), as the board counts them.
  const late = schedule.Workcenters.flatMap((w) => w.Tasks).filter(
    (t) =>
      t.EndAt !== null &&
      t.DueDate !== null &&
      Math.floor(Date.parse(t.EndAt) / 60_000) * 60_000 > localInstant(addDays(t.DueDate, 1), '00:00', TZ),
  ).length;
  expect(late).toBeGreaterThan(0);
  await expect(counts).toHaveText(new RegExp(`^${total} tasks · ${late} late`));
  await page.getByLabel('Late only').check();
  await expect(counts).toHaveText(new RegExp(`^${late} of ${total} tasks · ${late} late`));
  await expect(page.locator('[data-testid="task-card"]').first()).toBeVisible();
  for (const c of await page.locator('[data-testid="task-card"]').all()) {
    await expect(c.locator('.sp-badge-late')).toBeVisible();
  }
  await page.getByLabel('Late only').uncheck();
  await restored();

  // Lanes: one hidden, then all shown again.
  const hidden = lanes[2] as string;
  await page.locator('.sp-lanes-menu summary').click();
  await page.locator('.sp-lanes-pop').getByLabel(hidden).uncheck();
  await expect(lane(page, hidden)).toHaveCount(0);
  await expect(page.locator('.sp-lanes-menu summary')).toHaveText(
    `Lanes (${lanes.length - 1}/${lanes.length})`,
  );
  await expect.poll(() => laneIds(page)).toEqual(lanes.filter((l) => l !== hidden));
  await page.locator('.sp-lanes-pop').getByRole('button', { name: 'Show all' }).click();
  await expect.poll(() => laneIds(page)).toEqual(lanes);
  await restored();
  await context.close();
});

test('Shift-click selects a range; colour and the Delete key act on every selected task, for both schedulers', async ({
  browser,
}) => {
  const { a, b, close } = await twoSchedulers(browser);
  const scheduleId = await shownScheduleId(a);
  const laneId = (await laneIds(a))[2] as string;
  // Three tasks in a row near the top of the lane with no pieces done (those would only be cut down).
  const tasks =
    (await serverSchedule(a, scheduleId)).Workcenters.find((w) => w.ResourceID === laneId)?.Tasks ?? [];
  const start = tasks.findIndex(
    (_, i) => i >= 1 && i + 2 < 7 && tasks.slice(i, i + 3).every((t) => t.QtyCompleted === 0),
  );
  expect(start).toBeGreaterThan(0);
  const ids = tasks.slice(start, start + 3).map((t) => t.ScheduleTaskID);
  const [first, middle, last] = ids as [number, number, number];
  const countB = await lane(b, laneId).getByTestId('lane-counts').textContent();

  await card(a, first).click();
  await card(a, last).click({ modifiers: ['Shift'] });
  await expect(a.getByTestId('selection-count')).toHaveText('3 selected');
  for (const id of ids) await expect(card(a, id)).toHaveAttribute('aria-selected', 'true');
  // The panel is for one task only.
  await expect(a.getByTestId('task-panel')).toHaveCount(0);

  await a.getByLabel('Set colour').selectOption('Pink');
  for (const id of ids) {
    await expectPainted(card(a, id), 'Pink', /Pink$/);
    await expectPainted(card(b, id), 'Pink', /Pink$/);
  }
  await settled(a);
  await a.screenshot({ path: `${SHOTS}/plant-range-selected.png` });

  // The Delete key (focus on a selected card), then the question.
  await card(a, middle).focus();
  await a.keyboard.press('Delete');
  const question = a.getByRole('alertdialog');
  await expect(question).toContainText('Delete 3 tasks from the schedule?');
  await question.getByRole('button', { name: 'Yes' }).click();
  for (const id of ids) {
    await expect(card(a, id)).toHaveCount(0);
    await expect(card(b, id)).toHaveCount(0, { timeout: 5_000 });
  }
  await expect(a.getByTestId('selection-count')).not.toContainText('selected');
  await expect(lane(b, laneId).getByTestId('lane-counts')).not.toHaveText(countB ?? '');
  await settled(a);
  const server = (await serverLanes(a, scheduleId)).get(laneId) ?? [];
  for (const id of ids) expect(server).not.toContain(id);
  expect(server.length).toBe(tasks.length - 3);
  await close();
});
