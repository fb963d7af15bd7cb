import { expect, type Page } from '@playwright/test';

export async function logIn(
  page: Page,
  userName: string,
  password = userName,
  landing: RegExp = /\/intro$/,
): Promise<void> {
  await page.goto('/pages/login');
  // By field name, not label: the login page speaks the language this browser last used (src/i18n).
  await page.locator('input[name="username"]').fill(userName);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form.login-card button[type="submit"]').click();
  // Room for a loaded machine: the first landing builds the shell, the store and the first screen.
  await expect(page).toHaveURL(landing, { timeout: 30_000 });
}

/** Opens a screen the way a person does: the menu of the current interface, then its link. */
export async function openScreen(page: Page, title: string): Promise<void> {
  await page.getByTestId('menu-button').click();
  await page.getByTestId('screens-menu').getByRole('link', { name: title, exact: true }).click();
}

/** The token and employee id the page stored at login, to check the server's view directly. */
export async function storedSession(page: Page): Promise<{ TokenID: string; EmployeeID: number }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('sw.session') ?? 'null'));
}

/** Asks the real server for the session record, as the app would (GET contract, token in the header). */
export async function serverSession(page: Page) {
  const { TokenID, EmployeeID } = await storedSession(page);
  const res = await page.request.get(`/api/web/GetSession?TransmissionInfoJSON=%7B%7D&Interface=pm`, {
    headers: { Authorization: TokenID, EmployeeID: String(EmployeeID) },
  });
  return {
    status: res.status(),
    body: res.status() === 200 ? JSON.parse((await res.json()).ResultJSON) : null,
  };
}
