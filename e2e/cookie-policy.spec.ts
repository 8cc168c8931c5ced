import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { snap } from './support/screenshots';

// The cookie policy opens over the page from the cookie banner and from the footer, like the
// terms and the privacy policy, and is still a page at /cookie-policy
// (docs/decisions/0011-secured-disclosure-from-the-frame.md).

function cookieDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Cookie policy' });
}

async function theStartScreenIsUp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The pre-rendered page is inert until the app has started (docs/decisions/0010).
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

test("the banner's 'View cookies' opens the policy over the page; Esc gives focus back", async ({
  page,
}) => {
  await theStartScreenIsUp(page);
  const banner = page.getByRole('region', { name: /^Cookies on / });
  const view = banner.getByRole('link', { name: 'View cookies', exact: true });
  await expect(view).toHaveAttribute('aria-haspopup', 'dialog');
  await view.click();
  const dialog = cookieDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2, name: 'Cookie policy' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await dialog.evaluate((element: HTMLDialogElement) => element.matches(':modal'))).toBe(
    true,
  );
  await expectNoAxeViolations(page);
  await snap(page, 'cookie-policy-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();
});

test("by keyboard: the footer's 'Cookie policy' opens it, and it offers the cookie settings", async ({
  page,
}) => {
  await theStartScreenIsUp(page);
  // Answer the banner first, so the footer's link is the only way in.
  await page.getByRole('button', { name: 'Reject analytics cookies', exact: true }).click();
  await page.getByRole('button', { name: 'Hide cookie message', exact: true }).click();
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy' });
  await link.focus();
  await page.keyboard.press('Enter');
  const dialog = cookieDialog(page);
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  const settings = dialog.getByRole('button', { name: 'Change your cookie settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The banner is back, to choose again.
  await expect(
    page.getByRole('button', { name: 'Accept analytics cookies', exact: true }),
  ).toBeVisible();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(cookieDialog(page)).toBeVisible();
  await cookieDialog(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(cookieDialog(page)).toBeHidden();
  await expect(link).toBeFocused();
});

test('the policy is still a page of its own at /cookie-policy', async ({ page }) => {
  await page.goto('/cookie-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
