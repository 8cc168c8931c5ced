import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { checkTheScreen } from './support/screen-checks';
import { snap } from './support/screenshots';
import {
  SECURED_EXAMPLE_TEXTS,
  answerThisSecuredScreen,
  completeSecuredJourneyUpTo,
  iChooseTheAddress,
  iFindTheAddressesAt,
  securedApplicant,
  thenIShouldSeeTheRepossessionWarning,
  type SecuredApplicant,
} from './support/secured';
import { fillIn, thenIShouldSee, whenIChoose } from './support/user';

// Every screen of the secured path, reached by walking the journey: each is checked with axe
// empty, with its messages and answered, and pictured at 390 and 1280 pixels wide. Two walks,
// so the two halves run side by side.

const RADIO = 'Please choose an option to continue.';

async function iOpenAndCloseTheDialog(
  page: Page,
  trigger: string,
  title: string,
  texts: readonly string[],
  picture: string,
): Promise<void> {
  const opener = page.getByRole('button', { name: trigger, exact: true });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  for (const text of texts) await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await snap(page, picture);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

function checksFor(page: Page, who: SecuredApplicant, only: readonly string[]) {
  const answer = () => answerThisSecuredScreen(page, who);
  return async (path: string): Promise<'answered' | void> => {
    if (!only.includes(path)) return undefined;
    switch (path) {
      case '/looking-to-borrow':
        await thenIShouldSeeTheRepossessionWarning(page);
        for (const text of SECURED_EXAMPLE_TEXTS) await thenIShouldSee(page, text);
        await checkTheScreen(page, {
          name: 'secured-looking-to-borrow',
          makeErrors: async () => {
            await fillIn(page, 'Or type the amount in pounds', '5000');
            await page.keyboard.press('Enter');
          },
          errors: ['Must be between 10000 and 250000.'],
          fill: answer,
        });
        return 'answered';
      case '/term-to-borrow':
        await thenIShouldSeeTheRepossessionWarning(page);
        await checkTheScreen(page, {
          name: 'secured-term-to-borrow',
          makeErrors: async () => {
            await fillIn(page, 'Or type the number', '');
            await page.keyboard.press('Enter');
          },
          errors: ['Please enter your loan term.'],
          fill: answer,
        });
        return 'answered';
      case '/property-details':
        await thenIShouldSeeTheRepossessionWarning(page);
        await checkTheScreen(page, {
          name: 'secured-property-details',
          pictureErrors: true,
          errors: [
            'Please enter your property value.',
            'Please enter your mortgage balance.',
            'Please enter your number of bedrooms.',
            'Please choose your property type.',
          ],
          fill: answer,
        });
        return 'answered';
      case '/address/1':
        await checkTheScreen(page, {
          name: 'address-lookup',
          pictureErrors: true,
          errors: ['Please enter your postcode.', 'Please choose your address.'],
          fill: async () => {
            await iFindTheAddressesAt(page, who.home.postcode);
            await expect(page.getByRole('status')).toHaveText('5 addresses found');
            await expect(page.getByLabel('Select an address')).toHaveValue('');
            await expectNoAxeViolations(page, 'main');
            await snap(page, 'address-lookup-listed');
            await iChooseTheAddress(page, (who.home as { choose: string }).choose);
            await snap(page, 'address-lookup-chosen');
          },
        });
        return 'answered';
      case '/security-address-confirm':
        await expect(
          page.getByRole('group', {
            name: 'Is the property you want to borrow against your current address?',
          }),
        ).toContainText(
          'Your current address is Flat 1, Fournier House, 12 Commercial Street, London, E1 6AN.',
        );
        await checkTheScreen(page, {
          name: 'secured-security-address-confirm',
          errors: [RADIO],
          fill: answer,
        });
        return 'answered';
      case '/security-address-add':
        await checkTheScreen(page, {
          name: 'secured-security-address-add',
          pictureErrors: true,
          errors: [
            'Please enter your postcode.',
            'Please choose your address.',
            'Please answer this question.',
          ],
          fill: async () => {
            await fillIn(page, 'Postcode', who.security!.postcode);
            await page.getByRole('button', { name: 'Enter the address manually' }).click();
            await page.getByRole('button', { name: 'Continue' }).click();
            await expect(page.getByRole('alert')).toContainText(
              'Please enter your house name or number.',
            );
            await expectNoAxeViolations(page, 'main');
            await snap(page, 'secured-security-address-add-manual-errors');
            await answer();
          },
        });
        return 'answered';
      case '/own-other-properties':
        await checkTheScreen(page, {
          name: 'secured-own-other-properties',
          errors: [RADIO],
          fill: answer,
        });
        return 'answered';
      case '/breathing-space':
        await checkTheScreen(page, {
          name: 'secured-breathing-space',
          errors: [RADIO],
          fill: async () => {
            await iOpenAndCloseTheDialog(
              page,
              'What is Breathing Space?',
              'Breathing Space (the Debt Respite Scheme)',
              [
                'Interest, fees and charges on the debts it covers are paused.',
                'You cannot apply yourself. A debt adviser applies for you after giving you debt advice. For a mental health crisis breathing space, an approved mental health professional must confirm that you are getting crisis treatment.',
              ],
              'secured-breathing-space-dialog',
            );
            await answer();
          },
        });
        return 'answered';
      case '/soft-search':
        await checkTheScreen(page, {
          name: 'secured-soft-search',
          errors: [RADIO],
          fill: async () => {
            await iOpenAndCloseTheDialog(
              page,
              'What is a soft search?',
              'What is a soft search?',
              [
                'It does not affect your credit score.',
                'It is visible only to you on your credit file. Other lenders cannot see it.',
                'The search is made with the credit reference agencies Experian, Equifax and TransUnion. Their Credit Reference Agency Information Notice explains how they use your information.',
              ],
              'secured-soft-search-dialog',
            );
            await answer();
          },
        });
        return 'answered';
      case '/fair-processing-notice':
        await checkTheScreen(page, {
          name: 'secured-fair-processing-notice',
          pictureErrors: true,
          errors: [RADIO, RADIO],
          fill: async () => {
            // The privacy policy opens over the step, so the applicant keeps their place.
            await page.getByRole('button', { name: 'privacy policy', exact: true }).click();
            const policy = page.getByRole('dialog', { name: 'Privacy policy' });
            await expect(policy).toBeVisible();
            await page.keyboard.press('Escape');
            await expect(policy).toBeHidden();
            await whenIChoose(page, 'Yes', {
              within: 'Would you like to discuss your financial circumstances with us?',
            });
            await whenIChoose(page, 'No', {
              within:
                'Do you have any health condition, life event or other circumstance that affects how we should deal with you?',
            });
            await fillIn(
              page,
              'Tell us what you would like us to know (optional)',
              'I work nights, so please call after 2pm.',
            );
          },
        });
        await snap(page, 'secured-fair-processing-notice-filled');
        return 'answered';
      default:
        return undefined;
    }
  };
}

test('the loan, property and address screens pass axe empty, with their messages and answered', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const who = { ...securedApplicant(testInfo), joint: null };
  await completeSecuredJourneyUpTo(
    page,
    '/personal',
    who,
    checksFor(page, who, [
      '/looking-to-borrow',
      '/term-to-borrow',
      '/property-details',
      '/address/1',
      '/security-address-confirm',
      '/security-address-add',
      '/own-other-properties',
    ]),
  );
});

test('breathing space, soft search and the fair processing notice pass axe, dialogs included', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const who = { ...securedApplicant(testInfo), joint: null };
  await completeSecuredJourneyUpTo(
    page,
    '/before-you-submit',
    who,
    checksFor(page, who, ['/breathing-space', '/soft-search', '/fair-processing-notice']),
  );
});
