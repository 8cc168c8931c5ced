import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { iChooseWithArrows, iTabTo, iTypeInto } from './support/keyboard';
import { thePageHasFadedIn } from './support/screen-checks';
import { snap } from './support/screenshots';
import { completeSecuredJourneyUpTo, securedApplicant } from './support/secured';
import { thenIShouldBeOn } from './support/user';
import { completeVehicleJourneyUpTo, iHaveAnsweredTheCookieBanner } from './support/vehicle';
import { serialiseState } from '@broker/domain';
import { applicantStateAt } from '@broker/domain/testing';
import { STORAGE_KEY } from '../packages/web/src/state/storage';

// Answers as people type them, by keyboard alone on the screens
// concerned, each new state checked with axe and pictured at 390 and 1280 px.

// Each test walks a journey to the screens it looks at.
test.setTimeout(120_000);

const box = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function theErrorsAre(page: Page, messages: string[]): Promise<void> {
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link')).toHaveText(messages);
  await expect(page.locator('main .error-message')).toHaveText(
    messages.map((message) => `Error: ${message}`),
  );
}

async function iPressEnterAndMoveTo(page: Page, next: string): Promise<void> {
  await page.keyboard.press('Enter');
  await thenIShouldBeOn(page, next);
  await thePageHasFadedIn(page);
}

test('vehicle: a deposit typed as words is £0, a hidden character in a name is refused, a phone typed with hyphens or brackets is taken', async ({
  page,
}) => {
  await completeVehicleJourneyUpTo(page, '/deposit');
  await thePageHasFadedIn(page);
  await iChooseWithArrows(page, page.getByRole('group', { name: 'Do you have a deposit?' }), 'Yes');
  const deposit = box(page, 'How much is your deposit?');
  await iTypeInto(page, deposit, 'none yet');
  await page.keyboard.press('Tab');
  // docs/product.md §4: not a number, so 0, and no message.
  await expect(deposit).toHaveValue('0');
  await expect(page.locator('main .error-message')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await snap(page, 'deposit-not-a-number');
  await iTabTo(page, deposit);
  await iPressEnterAndMoveTo(page, '/amount-to-finance');

  await completeVehicleJourneyUpTo(page, '/personal');
  await thePageHasFadedIn(page);
  await iChooseWithArrows(page, page.getByRole('group', { name: 'Title' }), 'Ms');
  await iTypeInto(page, box(page, 'First name'), 'Ja\u200bne');
  await iTypeInto(page, box(page, 'Last name'), '\u202eDoe');
  await page.keyboard.press('Enter');
  await theErrorsAre(page, [
    'Please enter your first name without hidden characters, such as zero-width spaces or text direction marks.',
    'Please enter your last name without hidden characters, such as zero-width spaces or text direction marks.',
  ]);
  await expect(page).toHaveURL(/\/personal$/);
  await expectNoAxeViolations(page, 'main');
  await snap(page, 'personal-hidden-characters');
  await iTypeInto(page, box(page, 'First name'), 'jane');
  await iTypeInto(page, box(page, 'Last name'), 'doe');
  await iPressEnterAndMoveTo(page, '/contact');

  await iTypeInto(page, box(page, 'Email address'), 'jane.typed@example.com');
  const phone = box(page, 'Phone number');
  await iTypeInto(page, phone, '(07911) 123456');
  // Spaces cannot be typed (docs/product.md §5); the brackets stay and the check ignores them.
  await expect(phone).toHaveValue('(07911)123456');
  await page.keyboard.press('Tab');
  await expect(page.locator('main .error-message')).toHaveCount(0);
  await expectNoAxeViolations(page, 'main');
  await snap(page, 'contact-phone-with-separators');
  // The terms are agreed here (docs/decisions/0015-terms-agreed-on-the-contact-screen.md).
  const terms = page.getByRole('checkbox', {
    name: 'I have read and agree to the Terms & Conditions',
  });
  await iTabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await iTabTo(page, phone);
  await iPressEnterAndMoveTo(page, '/optins');
});

test("secured: the joint applicant's names are capitalised and their phone messages say 'their'", async ({
  page,
}, testInfo) => {
  const who = securedApplicant(testInfo);
  await completeSecuredJourneyUpTo(page, '/joint-customer-details', who);
  await thePageHasFadedIn(page);
  const first = box(page, 'First name');
  await iTypeInto(page, first, 'sam');
  await iTypeInto(page, box(page, 'Last name'), 'o\u200bmorgan');
  // Left for the next box: saved with its first letter capitalised (docs/product.md §5).
  await expect(first).toHaveValue('Sam');
  await page.keyboard.press('Enter');
  await theErrorsAre(page, [
    'Please enter their title.',
    'Please enter their last name without hidden characters, such as zero-width spaces or text direction marks.',
    'Please choose their marital status.',
  ]);
  await expectNoAxeViolations(page, 'main');
  await snap(page, 'joint-customer-details-hidden-characters');

  await completeSecuredJourneyUpTo(page, '/joint-customer-contact', who);
  await thePageHasFadedIn(page);
  await iTypeInto(page, box(page, 'Email address'), who.joint!.email);
  const phone = box(page, 'Phone number');
  await iTypeInto(page, phone, '07700900123');
  await page.keyboard.press('Enter');
  await theErrorsAre(page, ['Please try again, their phone number looks invalid']);
  await iTypeInto(page, phone, '+447911123456');
  await page.keyboard.press('Enter');
  await theErrorsAre(page, ['Please enter their phone number without the country code']);
  await expectNoAxeViolations(page, 'main');
  await snap(page, 'joint-customer-contact-their-phone');
  await iTypeInto(page, phone, '07911.654-321');
  await iPressEnterAndMoveTo(page, '/joint-optins');
});

test("a name typed last and sent with Enter is stored with its capital, the applicant's and the joint applicant's", async ({
  page,
}) => {
  // Answered up to check-your-answers, the names still to give.
  const state = applicantStateAt('joint', '/before-you-submit');
  for (const person of [state.form, state.form.joint]) {
    person.firstName = null;
    person.lastName = null;
  }
  await iHaveAnsweredTheCookieBanner(page);
  await page.addInitScript(
    ([storageKey, value]) => {
      if (sessionStorage.getItem('e2e-seeded') !== null) return;
      sessionStorage.setItem('e2e-seeded', '1');
      sessionStorage.setItem(storageKey, value);
    },
    [STORAGE_KEY, serialiseState(state)] as const,
  );

  await page.goto('/personal');
  await thePageHasFadedIn(page);
  await iTypeInto(page, box(page, 'First name'), 'jane');
  // The last letter typed, then Enter at once: the box is never left.
  await iTypeInto(page, box(page, 'Last name'), 'brown');
  await iPressEnterAndMoveTo(page, '/contact');

  await page.goto('/joint-customer-details');
  await thePageHasFadedIn(page);
  await iTypeInto(page, box(page, 'First name'), 'sam');
  await iTypeInto(page, box(page, 'Last name'), 'brown');
  await page.keyboard.press('Enter');
  await thenIShouldBeOn(page, '/joint-date-of-birth');

  await page.goto('/before-you-submit');
  await thePageHasFadedIn(page);
  const main = page.getByRole('main');
  await expect(main).toContainText('Jane');
  await expect(main).toContainText('Sam');
  await expect(main.getByText('Brown', { exact: true })).toHaveCount(2);
  await expect(main).not.toContainText('brown');
  await expectNoAxeViolations(page, 'main');

  let sent: Record<string, unknown> = {};
  page.on('request', (request) => {
    if (/\/api\/submission\/[^/]+$/.test(new URL(request.url()).pathname)) {
      sent = request.postDataJSON() as Record<string, unknown>;
    }
  });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await thenIShouldBeOn(page, '/submit');
  await page.getByRole('button', { name: 'Submit application', exact: true }).click();
  await thenIShouldBeOn(page, '/complete');
  expect(sent).toMatchObject({
    firstName: 'Jane',
    lastName: 'Brown',
    JointApplicant: { firstName: 'Sam', lastName: 'Brown' },
  });
});
