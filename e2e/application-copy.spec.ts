import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { iPressEnterOn } from './support/keyboard';
import { theLatestMailTo } from './support/mailbox';
import { snap } from './support/screenshots';
import { thenIShouldBeOn } from './support/user';
import {
  andIContinueToTheNextScreen,
  completeVehicleJourneyUpTo,
  VEHICLE_APPLICANT,
} from './support/vehicle';

// docs/mail.md, "A copy of the application" (decision 0091): after sending, the applicant asks for
// a copy by e-mail from the outcome page, and gets every answer of their check-your-answers page,
// row for row, with the reference, the quote and what happens next.

/** Each answer of the check-your-answers page as "key: value", lines joined as the mail joins them. */
async function checkYourAnswersRows(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .locator('.summary-list__row')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const key = row.querySelector('dt')!.textContent.trim();
        const value = row
          .querySelector<HTMLElement>('.summary-list__value')!
          .innerText.split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .join(', ');
        return `${key}: ${value}`;
      }),
    );
}

test('the applicant asks for a copy on the thank-you page and gets every answer they checked, row for row', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const email = `copy.${randomUUID().slice(0, 8)}@example.com`;
  await completeVehicleJourneyUpTo(page, '/before-you-submit', { ...VEHICLE_APPLICANT, email });
  const checked = await checkYourAnswersRows(page);
  expect(checked.length).toBeGreaterThan(20);

  await andIContinueToTheNextScreen(page);
  await thenIShouldBeOn(page, '/submit');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Submit application' }));
  await thenIShouldBeOn(page, '/complete');
  const reference = new URL(page.url()).searchParams.get('ref')!;

  const keep = page.getByRole('region', { name: 'Keep a copy' });
  await iPressEnterOn(page, keep.getByRole('button', { name: 'Email me a copy' }));
  await expect(keep.getByRole('status')).toHaveText(
    `We have sent a copy to c•••@example.com. It may take a few minutes to arrive.`,
  );
  await expect(keep.getByRole('button', { name: 'Email me a copy' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await snap(page, 'copy-complete-page');

  const mail = await theLatestMailTo(email);
  expect(mail.subject).toBe('A copy of your application');
  expect(mail.body).toContain(`Your reference is ${reference}.`);
  expect(mail.body).toContain('Your indicative quote');
  expect(mail.body).toContain('is a credit broker, not a lender');
  expect(mail.body).toContain('What happens next');

  // The HTML part, as a mail client shows it: the answers' rows are the page's, in order.
  const mailbox = await browser.newContext();
  const reader = await mailbox.newPage();
  await reader.setContent(mail.html!);
  const rows = await reader
    .locator('tr')
    .evaluateAll((trs) =>
      trs.map(
        (tr) => `${tr.querySelector('th')!.textContent}: ${tr.querySelector('td')!.textContent}`,
      ),
    );
  const answers = rows.slice(rows.length - checked.length);
  expect(answers).toEqual(checked);
  await expectNoAxeViolations(reader);
  await snap(reader, 'copy-email');
  await mailbox.close();
});
