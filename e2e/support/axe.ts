import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules a new screen must pass: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Fails listing each axe violation of the page as it is now (rule: elements). */
export async function noViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
