import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { logIn, storedSession } from '../support/session';

/** Opens a plan and waits until it follows its topic live. */
export async function openPlan(page: Page, job: string): Promise<void> {
  await page.goto(`/productionplan/${job}`);
  await expect(page.getByTestId('production-plan')).toHaveAttribute('data-synced', 'true', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('hub-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
}

export const opRow = (page: Page, id: number | string): Locator => page.locator(`[data-op="${id}"]`);

/** Types a number into a NumericInput and commits it (Enter); answers when Enter was pressed (Date.now). */
export async function typeNumber(input: Locator, value: number): Promise<number> {
  await input.click();
  await input.press('Control+a');
  await input.pressSequentially(String(value));
  const committedAt = Date.now();
  await input.press('Enter');
  return committedAt;
}

/** The plan as the server has it now (LoadProductionPlan2 with the page's session). */
export async function serverPlan(page: Page, job: string) {
  const { TokenID, EmployeeID } = await storedSession(page);
  const q = new URLSearchParams({ JobNumber: job, TransmissionInfoJSON: '{}', Interface: 'manufacturing' });
  const res = await page.request.get(`/api/web/LoadProductionPlan2?${q}`, {
    headers: { Authorization: TokenID, EmployeeID: String(EmployeeID) },
  });
  const body = await res.json();
  expect(body.Error, body.Message).toBeFalsy();
  return JSON.parse(body.ResultJSON) as {
    Plan: {
      BundleSize: number;
      Operations: Array<Record<string, unknown> & { ProductionPlanOperationID: number }>;
      BOM: Array<Record<string, unknown> & { ProductionPlanBOMID: number }>;
    };
  };
}

/**
 * Two planners on one plan, each in their own browser context, both following it live: the admin (A)
 * and the demo scheduler (B, plant 2: the job must be a plant 2 job). `viewports` sizes A and B.
 */
export async function twoPlanners(
  browser: Browser,
  job: string,
  viewports: { a?: { width: number; height: number }; b?: { width: number; height: number } } = {},
): Promise<{ pageA: Page; pageB: Page; close(): Promise<void> }> {
  const a = await browser.newContext(viewports.a ? { viewport: viewports.a } : {});
  const b = await browser.newContext(viewports.b ? { viewport: viewports.b } : {});
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  await logIn(pageA, 'admin');
  await logIn(pageB, 'scheduler');
  await openPlan(pageA, job);
  await openPlan(pageB, job);
  return {
    pageA,
    pageB,
    close: async () => {
      await a.close();
      await b.close();
    },
  };
}
