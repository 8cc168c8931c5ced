import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { iPressEnterOn, iTypeInto } from './support/keyboard';
import { accountStatusOf, everythingStoredAboutAccounts, theLatestMailTo } from './support/mailbox';
import { snap } from './support/screenshots';
import { iVisit, thenIShouldBeOn, thenIShouldSeeTheHeading } from './support/user';
import {
  andIContinueToTheNextScreen,
  answerThisScreen,
  iHaveAnsweredTheCookieBanner,
  VEHICLE_APPLICANT,
} from './support/vehicle';

// docs/decisions/0024-portal-codes.md: the CDJ-MVP variant still lands on the portal's thank-you
// page with a passcode, but the account opens only with the code e-mailed to the address.

test.describe.configure({ timeout: 120_000 });

async function applyThroughThePortalVariant(page: Page, email: string): Promise<void> {
  // A phone of its own: another spec's applicant shares the date of birth (duplicate detection).
  const applicant = { ...VEHICLE_APPLICANT, email, phone: '07911 300417' };
  await iHaveAnsweredTheCookieBanner(page);
  await iVisit(page, '/?variant=CDJ-MVP');
  for (let screens = 0; screens < 40 && new URL(page.url()).pathname !== '/submit'; screens += 1) {
    await answerThisScreen(page, applicant);
    await andIContinueToTheNextScreen(page);
  }
  // The terms were agreed on the contact screen (docs/decisions/0015).
  await thenIShouldBeOn(page, '/submit');
  await page.getByRole('button', { name: 'Submit application' }).click();
}

test('the portal account opens only with the code e-mailed to the address, by keyboard', async ({
  page,
}) => {
  const email = 'portal.applicant@example.com';
  await applyThroughThePortalVariant(page, email);

  await thenIShouldBeOn(page, '/portal/thank-you');
  await thenIShouldSeeTheHeading(page, 'Application sent');
  const main = page.getByRole('main');
  // The passcode is shown once, then taken out of the address bar.
  const passcode = (await main.locator('.otp').textContent()) ?? '';
  expect(passcode).toMatch(/^\d{6}$/);
  await expect.poll(() => new URL(page.url()).searchParams.has('otp')).toBe(false);
  await expect(main.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  expect(accountStatusOf(email)).toBe(2);
  await expectNoAxeViolations(page);
  await snap(page, 'portal-thank-you');

  // Nothing entered: the problems are listed and each field says what is wrong.
  const confirm = main.getByRole('button', { name: 'Confirm email address' });
  await iPressEnterOn(page, confirm);
  const summary = main.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Please enter your email address.',
    'Please enter your confirmation code.',
  ]);
  await expectNoAxeViolations(page);
  await snap(page, 'portal-thank-you-problems');

  // A wrong code is refused.
  const mail = await theLatestMailTo(email);
  expect(mail.subject).toBe('Confirm your email address');
  const code = /Your confirmation code is (\d{6})/.exec(mail.body)![1]!;
  const wrong = code === '000000' ? '000001' : '000000';
  await iTypeInto(page, main.getByRole('textbox', { name: 'Email address' }), email);
  await iTypeInto(page, main.getByRole('textbox', { name: 'Confirmation code' }), wrong);
  await iPressEnterOn(page, confirm);
  await expect(summary.getByRole('link')).toHaveText([
    'That code has not worked. It may be mistyped, used already or older than 15 minutes. Check our latest email or ask for a new code.',
  ]);
  await expect(summary).toBeFocused();
  expect(accountStatusOf(email)).toBe(2);

  // The e-mailed code opens the account.
  await iTypeInto(page, main.getByRole('textbox', { name: 'Confirmation code' }), code);
  await page.keyboard.press('Enter');
  const done = main.getByRole('heading', { name: 'Your email address is confirmed' });
  await expect(done).toBeFocused();
  await expect(main).toContainText('Your customer account is now open.');
  expect(accountStatusOf(email)).toBe(5);
  await expectNoAxeViolations(page);
  await snap(page, 'portal-email-confirmed');

  // Neither code was ever stored in clear.
  const stored = everythingStoredAboutAccounts();
  expect(stored).not.toContain(passcode);
  expect(stored).not.toContain(code);
});

test('welcome back: a new code can be asked for by keyboard, without saying whether the address has an account', async ({
  page,
}) => {
  await iHaveAnsweredTheCookieBanner(page);
  await iVisit(page, '/portal/welcome-back');
  await thenIShouldSeeTheHeading(page, 'Welcome back');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await expectNoAxeViolations(page);

  const newCode = main.getByRole('button', { name: 'Send me a new code' });
  await iPressEnterOn(page, newCode);
  const summary = main.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Please enter your email address.']);

  await iTypeInto(page, main.getByRole('textbox', { name: 'Email address' }), 'nobody@example.com');
  await iPressEnterOn(page, newCode);
  await expect(main.getByRole('status')).toHaveText(
    'If that address has an account still to be confirmed, we have emailed it a new code. It can take a few minutes to arrive.',
  );
  await expect(summary).toHaveCount(0);
  await expectNoAxeViolations(page);
  await snap(page, 'portal-welcome-back-new-code');
});
