import { expect, test, type Page } from '@playwright/test';
import { checkTheScreen } from './support/screen-checks';
import {
  answerThisSecuredScreen,
  completeSecuredJourneyUpTo,
  fillInDateOfBirth,
  securedApplicant,
  type SecuredApplicant,
} from './support/secured';
import { expectNoAxeViolations } from './support/axe';
import { snap } from './support/screenshots';
import { thenIShouldSeeTheHeading, whenIChoose } from './support/user';

// The joint applicant's screens, reached the way an applicant reaches them: each checked with
// axe empty, with its messages (about 'their' answers) and answered, and pictured.

const RADIO = 'Please choose an option to continue.';

function checksFor(page: Page, who: SecuredApplicant) {
  const answer = () => answerThisSecuredScreen(page, who);
  return async (path: string): Promise<'answered' | void> => {
    switch (path) {
      case '/joint':
        await checkTheScreen(page, { name: 'joint-application', errors: [RADIO], fill: answer });
        return 'answered';
      case '/joint-customer-details':
        await thenIShouldSeeTheHeading(page, 'Tell us about the joint applicant');
        await checkTheScreen(page, {
          name: 'joint-customer-details',
          pictureErrors: true,
          errors: [
            'Please enter their title.',
            'Please enter their first name.',
            'Please enter their last name.',
            'Please choose their marital status.',
          ],
          fill: answer,
        });
        return 'answered';
      case '/joint-date-of-birth':
        await thenIShouldSeeTheHeading(page, 'What is their date of birth?');
        await checkTheScreen(page, {
          name: 'joint-date-of-birth',
          pictureErrors: true,
          errors: ['Please enter their date of birth.'],
          fill: async () => {
            // Every message asks about them (docs/decisions/0074-joint-date-of-birth-wording.md).
            await fillInDateOfBirth(page, { day: '', month: '01', year: '1980' });
            await page.keyboard.press('Enter');
            await expect(page.getByRole('alert')).toContainText('What day were they born?');
            await expect(page.getByRole('main')).not.toContainText('you born');
            // Too young: the age rule applies to them as to the applicant.
            const year = String(new Date().getFullYear() - 18);
            await fillInDateOfBirth(page, { day: '01', month: '01', year });
            await page.keyboard.press('Enter');
            await expect(page.getByRole('alert')).toContainText(
              'They must be at least 21 years old to apply for finance with us.',
            );
            await answer();
          },
        });
        return 'answered';
      case '/joint-employment-add':
        await checkTheScreen(page, {
          name: 'joint-employment-add',
          errors: ['Please choose their employment status.'],
          fill: answer,
        });
        return 'answered';
      case '/joint-employment-length':
        await thenIShouldSeeTheHeading(
          page,
          'How long have they worked for their current employer?',
        );
        await checkTheScreen(page, {
          name: 'joint-employment-length',
          errors: ['Please answer this question.'],
          fill: answer,
        });
        return 'answered';
      case '/joint-employment-income':
        await checkTheScreen(page, {
          name: 'joint-employment-income',
          errors: ['Please enter their net monthly income.'],
          fill: answer,
        });
        return 'answered';
      case '/joint-customer-contact':
        await checkTheScreen(page, {
          name: 'joint-customer-contact',
          errors: ['Please enter their email address.', 'Please enter their phone number'],
          fill: answer,
        });
        return 'answered';
      case '/joint-optins':
        // Nothing here is required, so there is no error state: empty and answered.
        await expectNoAxeViolations(page);
        await snap(page, 'joint-optins');
        for (const box of await page.getByRole('checkbox').all())
          await expect(box).not.toBeChecked();
        await whenIChoose(page, 'Post', { within: 'Marketing from our lending partners' });
        await answer();
        await expectNoAxeViolations(page, 'main');
        return 'answered';
      default:
        return undefined;
    }
  };
}

test('every joint applicant screen passes axe empty, with its messages and answered', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const who = securedApplicant(testInfo);
  await completeSecuredJourneyUpTo(page, '/breathing-space', who, checksFor(page, who));
});
