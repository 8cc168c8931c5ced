import { expect, test, type Page } from '@playwright/test';
import { serialiseState } from '@broker/domain';
import { applicantStateAt } from '@broker/domain/testing';
import { STORAGE_KEY } from '../packages/web/src/state/storage';
import { expectNoAxeViolations } from './support/axe';
import { iSelectWithArrows, iTabTo, iTypeInto } from './support/keyboard';
import { thePageHasFadedIn } from './support/screen-checks';
import { snap } from './support/screenshots';
import { iHaveAnsweredTheCookieBanner } from './support/vehicle';

// docs/decisions/0075-messages-when-they-help.md: a question shows its message once the person
// has been to it, or has pressed Continue while it was on the screen; a question an answer
// reveals afterwards waits its turn; and the error summary only ever lists what is wrong now.

async function iAmOnTheEmploymentScreen(page: Page): Promise<void> {
  const state = applicantStateAt('vehicle', '/employment/1');
  await iHaveAnsweredTheCookieBanner(page);
  await page.addInitScript(
    ([storageKey, value]) => {
      if (sessionStorage.getItem('e2e-seeded') !== null) return;
      sessionStorage.setItem('e2e-seeded', '1');
      sessionStorage.setItem(storageKey, value);
    },
    [STORAGE_KEY, serialiseState(state)] as const,
  );
  await page.goto('/employment/1');
  await thePageHasFadedIn(page);
}

const summaryOf = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });
const messagesOf = (page: Page) => page.locator('main .error-message');

test('a question revealed after Continue shows no message until it is touched or Continue is pressed again', async ({
  page,
}) => {
  await iAmOnTheEmploymentScreen(page);
  await page.keyboard.press('Tab');
  await iTabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');
  await expect(summaryOf(page).getByRole('link')).toHaveText([
    'Please choose your employment status.',
  ]);

  // A job: three more questions appear, which the person has not reached yet.
  const status = page.getByRole('combobox', { name: /employment status/i });
  await iSelectWithArrows(page, status, 'Employed full time');
  const occupation = page.getByRole('textbox', { name: 'Occupation' });
  await expect(occupation).toBeVisible();
  await thePageHasFadedIn(page);
  await expect(messagesOf(page)).toHaveCount(0);
  await expect(occupation).toHaveAttribute('aria-invalid', 'false');
  // The message put right is gone from the summary, and with it the summary.
  await expect(summaryOf(page)).toHaveCount(0);
  await expect(page).toHaveTitle(/^(?!Error: )/);
  await expectNoAxeViolations(page, 'main');
  await snap(page, 'employment-revealed-untouched');

  // Into the occupation and out again, empty: now its message shows, and only its.
  await iTabTo(page, occupation);
  await page.keyboard.press('Tab');
  await expect(messagesOf(page)).toHaveText(['Error: Please enter your occupation.']);

  await iTabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');
  await expect(summaryOf(page).getByRole('link')).toHaveText([
    'Please enter your occupation.',
    'Please enter your employer name.',
    'Please enter your employer town.',
  ]);
  await expect(summaryOf(page)).toBeFocused();

  // Each answer given takes its message out of the summary straight away.
  await iTypeInto(page, occupation, 'Engineer');
  await expect(summaryOf(page).getByRole('link')).toHaveText([
    'Please enter your employer name.',
    'Please enter your employer town.',
  ]);
  await expectNoAxeViolations(page, 'main');
  await snap(page, 'employment-summary-current');
});
