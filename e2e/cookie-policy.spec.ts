import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { snap } from './support/screenshots';
import {
  andIContinueToTheNextScreen,
  answerThisScreen,
  iHaveAnsweredTheCookieBanner,
} from './support/vehicle';

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

// The funnel's step counting (docs/funnel.md, docs/decisions/0044-funnel-notice-and-objection.md):
// the notices say what is counted and how to object, and an objecting visitor is not counted.

const STEP_COUNTING = 'Counting the steps of the application (no cookies)';
const HOW_TO_OBJECT =
  'The law allows this without asking you first, because it is only to produce statistics that help us improve the website (the Privacy and Electronic Communications Regulations, as changed by the Data (Use and Access) Act 2025). You can object at any time, free of charge: choose Reject analytics cookies in the cookie banner or in your cookie settings. From then on no step is counted, and the list of counted steps is deleted when you next move to another page.';

function funnelReports(page: Page): string[] {
  const steps: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/funnel') {
      steps.push((JSON.parse(request.postData() ?? '{}') as { step: string }).step);
    }
  });
  return steps;
}

const keptSteps = (page: Page) =>
  page.evaluate(() => window.sessionStorage.getItem('broker-funnel'));

test('the cookie policy and the privacy policy say what the step counting sends and how to object', async ({
  page,
}) => {
  await theStartScreenIsUp(page);
  const view = page
    .getByRole('region', { name: /^Cookies on / })
    .getByRole('link', { name: 'View cookies', exact: true });
  await view.focus();
  await page.keyboard.press('Enter');
  const dialog = cookieDialog(page);
  const heading = dialog.getByRole('heading', { name: STEP_COUNTING, exact: true });
  await expect(heading).toBeVisible();
  await expect(dialog.getByText(HOW_TO_OBJECT, { exact: true })).toBeVisible();
  await expect(
    dialog.getByText(
      'Nothing else is sent or kept: no cookie, no name or contact details, no identifier, and we do not record your IP address with it.',
      { exact: false },
    ),
  ).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Step counting' });
  await expect(table.getByRole('rowheader')).toHaveText([
    'Steps counted (browser session storage)',
  ]);
  await expectNoAxeViolations(page);
  await heading.scrollIntoViewIfNeeded();
  await snap(page, 'cookie-policy-step-counting');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/privacy-policy');
  await expect(
    page.getByRole('heading', { name: 'Counting the steps of the application', exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText(
      'The law allows this for statistics that improve a service, provided you can object: rejecting analytics cookies stops it, free of charge, at any time.',
      { exact: false },
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a visitor who rejects analytics cookies is counted no more, and the kept steps go', async ({
  page,
}) => {
  const reported = funnelReports(page);
  const first = page.waitForRequest((request) => request.url().endsWith('/api/funnel'));
  await theStartScreenIsUp(page);
  // Before any choice the first step is counted (the statistics exception allows it).
  await first;
  expect(reported).toEqual(['start']);
  await expect.poll(() => keptSteps(page)).toContain('"s":["start"]');

  // The visitor objects, by keyboard, from the banner.
  await page.getByRole('button', { name: 'Reject analytics cookies', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText("You've rejected analytics cookies.", { exact: false }),
  ).toBeVisible();

  await answerThisScreen(page);
  expect(await andIContinueToTheNextScreen(page)).toBe('/loan-type');
  await expect.poll(() => keptSteps(page)).toBeNull();
  // The report would go in the page's next idle moment: give it time to (not) happen.
  await page.waitForTimeout(2500);
  expect(reported).toEqual(['start']);
});

test('a visitor who objected on an earlier visit sends no step at all', async ({ page }) => {
  await iHaveAnsweredTheCookieBanner(page);
  const reported = funnelReports(page);
  await theStartScreenIsUp(page);
  await answerThisScreen(page);
  expect(await andIContinueToTheNextScreen(page)).toBe('/loan-type');
  await page.waitForTimeout(2500);
  expect(reported).toEqual([]);
  expect(await keptSteps(page)).toBeNull();
});
