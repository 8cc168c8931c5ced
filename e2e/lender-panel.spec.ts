import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { waitForApplication } from './support/db';
import { iTabTo } from './support/keyboard';
import { snap } from './support/screenshots';
import { completeSecuredJourneyUpTo, securedApplicant, uniqueContact } from './support/secured';
import { keyboard } from './support/secured-keyboard';
import { iVisit, thenIShouldBeOn, thenIShouldSeeTheHeading } from './support/user';
import {
  completeVehicleJourneyUpTo,
  iHaveAnsweredTheCookieBanner,
  VEHICLE_APPLICANT,
  whenTheScreenHasSettled,
} from './support/vehicle';

// The lender panel's indicative quote on the thank-you page (docs/decisions/0022-lender-panel.md
// and 0023-quote-on-the-outcome-page.md), after a real journey against the shipped sample panel.

// Whole journeys on a shared 2-core machine: the keyboard-only one can take well over a minute.
test.describe.configure({ timeout: 180_000 });

/** The quote stands 30 days (QUOTE_VALID_DAYS) from today in the UK: '9 April 2026'. */
function thirtyDaysOn(): string {
  const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [year, month, day] = london.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day + 30)));
}

/** The quote's figures as the page lists them, term by term. */
async function quoteFigures(page: Page): Promise<Record<string, string>> {
  const quote = page.getByRole('region', { name: 'Your indicative quote' });
  const terms = await quote.getByRole('term').allTextContents();
  const definitions = await quote.getByRole('definition').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index] ?? '']));
}

async function thenTheCommissionIsDisclosedBesideTheQuote(page: Page, lender: string) {
  const disclosure = page
    .getByRole('region', { name: 'Your indicative quote' })
    .getByRole('complementary', { name: 'About us and commission' });
  await expect(disclosure).toContainText('is a credit broker, not a lender.');
  await expect(disclosure).toContainText(
    `If you take out this finance, ${lender} may pay us commission. The amount, and how it is worked out, is available on request before you sign anything.`,
  );
}

test('a vehicle applicant sees the best lender’s quote, indicative and subject to status', async ({
  page,
}, testInfo) => {
  await completeVehicleJourneyUpTo(page, '/complete', {
    ...VEHICLE_APPLICANT,
    ...uniqueContact(testInfo, 'applicant'),
  });
  await thenIShouldSeeTheHeading(page, 'Application sent');
  const reference = new URL(page.url()).searchParams.get('evoId');
  const row = await waitForApplication((stored) => stored.application_id === reference);
  expect(row.outcome).toBe('approved');

  const quote = page.getByRole('region', { name: 'Your indicative quote' });
  await expect(quote).toContainText(
    'This quote is indicative and subject to status. It is based on what you told us and is not an offer of credit. Northgate Vehicle Credit (fictional) will confirm the rate after its own checks.',
  );
  // £12,500 over 60 months (a vehicle loan's term is the policy's 5 years: decision 0066);
  // £12,500 ÷ (12 × £2,450) = 0.43 is tier B: Northgate's 10.9% APR beats Pennyworth's 19.9%.
  // Monthly rate 1.109^(1/12) − 1 gives £267.997, £268.00 to the penny; 60 × £268 = £16,080.
  await expect(quote).toContainText('£268 a month for 60 months at 10.9% APR');
  expect(await quoteFigures(page)).toEqual({
    Lender: 'Northgate Vehicle Credit (fictional)',
    Product: 'Prime motor finance',
    'Amount of credit': '£12,500',
    Term: '60 months',
    APR: '10.9%',
    'Monthly payment': '£268',
    'Total cost of credit': '£3,580',
    'Total amount payable': '£16,080',
    'Quote valid until': thirtyDaysOn(),
  });
  await thenTheCommissionIsDisclosedBesideTheQuote(page, 'Northgate Vehicle Credit (fictional)');
  await expect(page.getByRole('heading', { name: 'What happens next', level: 2 })).toBeVisible();
  await expect(page.getByRole('listitem').first()).toHaveText(
    'We will contact you by phone or email to go through this quote with you.',
  );

  await whenTheScreenHasSettled(page);
  await expectNoAxeViolations(page);
  testInfo.annotations.push({
    type: 'screenshots',
    description: (await snap(page, 'quote-vehicle')).join(', '),
  });

  // A reload keeps the quote: it lives in this tab's sessionStorage, keyed by the reference.
  await page.reload();
  await expect(quote).toContainText('£268 a month');
});

test('with the keyboard alone: a joint secured loan quoted in APRC, with the repossession warning', async ({
  page,
}, testInfo) => {
  const who = securedApplicant(testInfo);
  await completeSecuredJourneyUpTo(page, '/complete', who, undefined, keyboard(page));
  await thenIShouldSeeTheHeading(page, 'Application sent');

  const quote = page.getByRole('region', { name: 'Your indicative quote' });
  // £25,000 ÷ (12 × (£3,200 + £2,800)) = 0.35, tier B: Hearthstone's 11.9% APRC over 180 months.
  await expect(quote).toContainText('£288.82 a month for 180 months at 11.9% APRC');
  expect(await quoteFigures(page)).toMatchObject({
    Lender: 'Hearthstone Homeowner Loans (fictional)',
    APRC: '11.9%',
    'Total cost of credit': '£26,987.60',
    'Total amount payable': '£51,987.60',
  });
  await expect(quote).toContainText(
    'Warning: Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.',
  );
  await thenTheCommissionIsDisclosedBesideTheQuote(page, 'Hearthstone Homeowner Loans (fictional)');

  await whenTheScreenHasSettled(page);
  await expectNoAxeViolations(page);
  testInfo.annotations.push({
    type: 'screenshots',
    description: (await snap(page, 'quote-secured')).join(', '),
  });
  // Everything after the quote is reachable with Tab.
  await iTabTo(page, page.getByRole('main').getByRole('link', { name: /@/ }));
});

test('the thank-you page without a quote (another tab, or storage blocked) still thanks', async ({
  page,
}) => {
  await iHaveAnsweredTheCookieBanner(page);
  await iVisit(page, '/complete?evoId=6f1c1c1e-2b8a-4a57-9b9a-000000000001');
  await thenIShouldBeOn(page, '/complete');
  await thenIShouldSeeTheHeading(page, 'Application sent');
  await expect(page.getByRole('region', { name: 'Your indicative quote' })).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText(
    'We will contact you by phone or email about your application and the finance that may be available to you.',
  );
  await whenTheScreenHasSettled(page);
  await expectNoAxeViolations(page);
});
