import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { serialiseState } from '@broker/domain';
import { applicantStateAt, numberedPerson, type TestPerson } from '@broker/domain/testing';
import { STORAGE_KEY } from '../packages/web/src/state/storage';
import { expectNoAxeViolations } from './support/axe';
import { readApplications } from './support/db';
import { iPressEnterOn, iTabTo } from './support/keyboard';
import { snap } from './support/screenshots';
import { thenIShouldBeOn, thenIShouldSeeTheHeading } from './support/user';
import { whenTheScreenHasSettled } from './support/vehicle';

// docs/decisions/0030-application-reference.md: whatever the outcome, the applicant leaves with
// the short reference they can read out to the broker, the one stored with their application.

const REFERENCE = /^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

/** A person no other test applies as (a duplicate otherwise). */
function aPersonOfMyOwn(): TestPerson {
  return numberedPerson(Number.parseInt(randomUUID().replace(/-/g, '').slice(0, 8), 16));
}

/**
 * I have answered every screen up to /submit as `person` (with `income` a month) in this tab,
 * open it and press "Submit application".
 */
async function iSubmitMyApplicationAs(
  page: Page,
  person: TestPerson,
  income?: number,
): Promise<string> {
  const key = randomUUID();
  const state = applicantStateAt('vehicle', '/submit', { sessionId: key, person });
  if (income !== undefined) state.form.netMonthlyIncome = income;
  await page
    .context()
    .addCookies([{ name: 'cookie_consent', value: 'rejected', domain: '127.0.0.1', path: '/' }]);
  await page.addInitScript(
    ([storageKey, value]) => {
      if (sessionStorage.getItem('e2e-seeded') !== null) return;
      sessionStorage.setItem('e2e-seeded', '1');
      sessionStorage.setItem(storageKey, value);
    },
    [STORAGE_KEY, serialiseState(state)] as const,
  );
  await page.goto('/submit');
  await thenIShouldSeeTheHeading(page, 'Submit your application');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Submit application' }));
  return key;
}

/** The reference on the page is the one stored with the application sent under `key`. */
async function thenIAmGivenMyReference(page: Page, key: string): Promise<string> {
  const row = readApplications().find((stored) => stored.submission_key === key);
  expect(row?.status).toBe('complete');
  const reference = row!.reference!;
  expect(reference).toMatch(REFERENCE);
  const main = page.getByRole('main');
  await expect(main).toContainText(`Your reference number${reference}`);
  await expect(main.getByText(reference, { exact: true })).toBeVisible();
  // The 36-character application id is no reference anyone can read out.
  if (row!.application_id) await expect(main).not.toContainText(row!.application_id);
  await whenTheScreenHasSettled(page);
  await expectNoAxeViolations(page);
  // Everything after the reference is reachable with Tab.
  await iTabTo(page, main.getByRole('link').last());
  return reference;
}

test.describe('every outcome page gives the applicant their reference', () => {
  test('approved: the thank-you page shows the short reference', async ({ page }) => {
    const key = await iSubmitMyApplicationAs(page, aPersonOfMyOwn());
    await thenIShouldBeOn(page, '/complete');
    await thenIShouldSeeTheHeading(page, 'Application sent');
    await thenIAmGivenMyReference(page, key);
    await expect(page.getByRole('main')).toContainText(
      'Please keep your reference number in case you need to get in touch.',
    );
    await snap(page, 'outcome-approved-reference');
  });

  test('declined: the decline page shows the short reference', async ({ page }) => {
    // Below the broker's minimum income (£500 a month by default), the server declines.
    const key = await iSubmitMyApplicationAs(page, aPersonOfMyOwn(), 100);
    await thenIShouldBeOn(page, '/declined');
    await thenIShouldSeeTheHeading(page, "We're sorry, we cannot help with this application");
    await thenIAmGivenMyReference(page, key);
    await snap(page, 'outcome-declined-reference');
  });

  test('duplicate: applying again shows the new application’s short reference', async ({
    browser,
    page,
  }) => {
    const person = aPersonOfMyOwn();
    const earlier = await browser.newContext();
    const first = await earlier.newPage();
    const firstKey = await iSubmitMyApplicationAs(first, person);
    await thenIShouldBeOn(first, '/complete');
    const firstReference = await thenIAmGivenMyReference(first, firstKey);
    await earlier.close();

    // The same person, in another browser, a moment later.
    const key = await iSubmitMyApplicationAs(page, person);
    await thenIShouldBeOn(page, '/duplicate');
    await thenIShouldSeeTheHeading(page, 'You have already applied');
    const reference = await thenIAmGivenMyReference(page, key);
    expect(reference).not.toBe(firstReference);
    await snap(page, 'outcome-duplicate-reference');
  });
});
