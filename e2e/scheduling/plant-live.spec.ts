import { expect, type Page, test } from '@playwright/test';
import {
  card,
  confirmOtherKind,
  dragCard,
  lane,
  laneIds,
  serverLanes,
  settled,
  shownScheduleId,
  topOfLane,
  twoSchedulers,
} from './plant-support';

// Each test leaves the schedule changed; every assertion reads the state it starts from.

/** Both screens and the server agree on the top of every lane named. */
async function converged(pages: Page[], lanes: string[]): Promise<void> {
  const scheduleId = await shownScheduleId(pages[0] as Page);
  await expect(async () => {
    const server = await serverLanes(pages[0] as Page, scheduleId);
    for (const page of pages) {
      for (const id of lanes) {
        expect(await topOfLane(page, id, 5), `${id} on ${page === pages[0] ? 'A' : 'B'}`).toEqual(
          (server.get(id) ?? []).slice(0, 5),
        );
      }
    }
  }).toPass({ timeout: 10_000 });
}

test('a drag by one scheduler appears for the other within a second', async ({ browser }) => {
  const { a, b, close } = await twoSchedulers(browser);
  const [first, second] = await laneIds(a);
  expect(first && second).toBeTruthy();
  const [taskId] = await topOfLane(a, first as string, 1);
  expect(taskId).toBeTruthy();
  await a.screenshot({ path: 'test-results/screenshots/plant-before-drag.png' });

  // B notes, in the page, the moment the card is drawn in the target lane (Playwright's own polling
  // would add up to a second of its own to the measurement).
  await b.evaluate(
    ({ laneId, id }) => {
      const w = window as unknown as { __seenAt?: number };
      const observer = new MutationObserver(() => {
        if (document.querySelector(`[data-lane="${laneId}"] [data-task="${id}"]`)) {
          w.__seenAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    },
    { laneId: second as string, id: taskId as number },
  );
  // The drop lands when the scheduler answers the question about another kind of machine (issue 15):
  // A notes, in the page, the moment of that click.
  await a.evaluate(() => {
    document.addEventListener(
      'click',
      (e) => {
        if ((e.target as HTMLElement).closest('[role="alertdialog"] button'))
          (window as unknown as { __answeredAt?: number }).__answeredAt = Date.now();
      },
      { capture: true },
    );
  });
  await dragCard(a, taskId as number, second as string, 1);
  await confirmOtherKind(a);
  const t0 = await a.evaluate(() => (window as unknown as { __answeredAt: number }).__answeredAt);
  // A shows it at once (queued), B once the server's echo arrives.
  await expect(lane(a, second as string).locator(`[data-task="${taskId}"]`)).toBeVisible();
  await expect(lane(b, second as string).locator(`[data-task="${taskId}"]`)).toBeVisible({ timeout: 5_000 });
  const elapsed = (await b.evaluate(() => (window as unknown as { __seenAt: number }).__seenAt)) - t0;
  console.log(`plant-live: drag A→B seen in ${elapsed} ms`);
  expect(elapsed).toBeLessThan(1000);
  expect((await topOfLane(b, second as string, 3))[1]).toBe(taskId);
  await settled(a);
  await converged([a, b], [first as string, second as string]);
  // The moved card says it was updated (ModStatus U) on both screens.
  await expect(card(b, taskId as number).locator('.sp-badge', { hasText: /^U$/ })).toBeVisible();
  await b.screenshot({ path: 'test-results/screenshots/plant-after-drag-other-screen.png' });
  await close();
});

test('simultaneous moves of one task by both schedulers converge on the server’s order', async ({
  browser,
}) => {
  const { a, b, close } = await twoSchedulers(browser);
  const ids = await laneIds(a);
  const [source, toA, toB] = [ids[0], ids[2], ids[3]] as [string, string, string];
  const [taskId] = await topOfLane(a, source, 1);
  // Both press at the same time: A drops it on the third lane, B on the fourth.
  await Promise.all([
    dragCard(a, taskId as number, toA, 0).then(() => confirmOtherKind(a)),
    dragCard(b, taskId as number, toB, 0).then(() => confirmOtherKind(b)),
  ]);
  await settled(a);
  await settled(b);
  await converged([a, b], [source, toA, toB]);
  // The task is in exactly one lane, the same on both screens.
  const where = async (page: Page) =>
    (await card(page, taskId as number)
      .first()
      .evaluate((el) => el.closest('[data-lane]')?.getAttribute('data-lane'))) ?? '';
  const laneA = await where(a);
  expect([toA, toB]).toContain(laneA);
  expect(await where(b)).toBe(laneA);
  expect(await card(a, taskId as number).count()).toBe(1);
  await a.screenshot({ path: 'test-results/screenshots/plant-converged-a.png' });
  await b.screenshot({ path: 'test-results/screenshots/plant-converged-b.png' });
  await close();
});

test('split, delete and a multi-select move reach the other scheduler', async ({ browser }) => {
  const { a, b, close } = await twoSchedulers(browser);
  const ids = await laneIds(a);
  const laneX = ids[4] as string;
  const laneY = ids[5] as string;

  // Split: the first task of lane X with at least 2 pieces and none done (a task with pieces done keeps
  // them; the server may refuse to split below them).
  let splitId = 0;
  let qty = 0;
  for (const id of await topOfLane(a, laneX, 5)) {
    const text = (await card(a, id).locator('.sp-line').first().textContent()) ?? '';
    const pcs = Number(/([\d.]+) pcs/.exec(text)?.[1]);
    if (pcs >= 2 && !text.includes('done')) {
      splitId = id;
      qty = pcs;
      break;
    }
  }
  expect(splitId).toBeGreaterThan(0);
  const countB = await lane(b, laneX).getByTestId('lane-counts').textContent();
  await card(a, splitId as number).click();
  await a.getByRole('button', { name: 'Split…' }).click();
  const pieces = a.getByLabel('Pieces for the new task');
  await expect(pieces).toHaveValue(String(Math.floor(qty / 2)));
  await a.screenshot({ path: 'test-results/screenshots/plant-split-dialog.png' });
  await a.getByRole('button', { name: 'Split', exact: true }).click();
  const kept = qty - Math.floor(qty / 2);
  await expect(card(b, splitId as number)).toContainText(`${kept} pcs`, { timeout: 5_000 });
  await expect(lane(b, laneX).getByTestId('lane-counts')).not.toHaveText(countB ?? '', { timeout: 5_000 });
  // The new task sits right after it, added (A) with the other half.
  const top = await topOfLane(b, laneX, 6);
  const added = top[top.indexOf(splitId) + 1];
  await expect(card(b, added as number)).toContainText(`${Math.floor(qty / 2)} pcs`);
  await expect(card(b, added as number).locator('.sp-badge', { hasText: /^A$/ })).toBeVisible();
  await settled(a);

  // Delete the added task, answering the question.
  await card(a, added as number).click();
  await a.getByRole('button', { name: 'Delete', exact: true }).click();
  await a.getByRole('button', { name: 'Yes' }).click();
  await expect(card(a, added as number)).toHaveCount(0);
  await expect(card(b, added as number)).toHaveCount(0, { timeout: 5_000 });
  await settled(a);

  // Multi-select: Ctrl-click two tasks of lane X, drag them to the top of lane Y; they keep their order.
  const [m1, m2] = (await topOfLane(a, laneX, 3)).slice(1, 3) as [number, number];
  await card(a, m1).click();
  await card(a, m2).click({ modifiers: ['Control'] });
  await expect(a.getByTestId('selection-count')).toHaveText('2 selected');
  await dragCard(a, m1, laneY, 0);
  await confirmOtherKind(a);
  await expect(async () => expect((await topOfLane(b, laneY, 2)).slice(0, 2)).toEqual([m1, m2])).toPass({
    timeout: 5_000,
  });
  await settled(a);
  await converged([a, b], [laneX, laneY]);
  await b.screenshot({ path: 'test-results/screenshots/plant-multi-move-b.png' });
  await close();
});

test('the keyboard alternative: select, "Move to…", lane and position', async ({ browser }) => {
  const { a, b, close } = await twoSchedulers(browser);
  const ids = await laneIds(a);
  const [from, to] = [ids[1], ids[0]] as [string, string];
  const [taskId] = await topOfLane(a, from, 1);
  await card(a, taskId as number).click();
  await a.keyboard.press('m');
  await a.getByLabel('Workcenter').selectOption({ value: to });
  await a.getByLabel('Position (1 is first)').fill('2');
  await a.screenshot({ path: 'test-results/screenshots/plant-move-dialog.png' });
  await a.getByRole('button', { name: 'Move', exact: true }).click();
  await confirmOtherKind(a);
  await expect(async () => expect((await topOfLane(b, to, 2))[1]).toBe(taskId)).toPass({ timeout: 5_000 });
  await settled(a);
  await close();
});
