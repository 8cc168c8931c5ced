import { expect, test, type Page } from '@playwright/test';
import { currentDisclosureVersion, type DisclosureTextId } from '@broker/domain';
import { expectNoAxeViolations } from './support/axe';
import { application, signedInAs } from './support/back-office';
import { payloadOf, servedTo, waitForApplication } from './support/db';
import { iPressEnterOn, iTypeInto } from './support/keyboard';
import { snap } from './support/screenshots';
import { completeSecuredJourneyUpTo, securedApplicant, uniqueContact } from './support/secured';
import { thenIShouldSeeTheHeading } from './support/user';
import { completeVehicleJourneyUpTo, VEHICLE_APPLICANT } from './support/vehicle';

// Evidence of what was disclosed and agreed (docs/evidence.md, decisions 0060 and 0061): the server keeps
// its own record of the texts it served each session; the browser's record comes with the
// application; a member of staff sees both, side by side, with what contradicts the server's
// record marked. Keyboard only, axe on each screen.

interface Disclosures {
  shown: { text: string; version: number; at: string }[];
  agreed: { consent: string; text: string; version: number; at: string }[];
}

/** Signs in as an auditor (reading evidence is for every role) and opens the application. */
async function whenStaffOpenTheApplication(page: Page, email: string, name: RegExp) {
  await signedInAs(page, 'auditor');
  await iTypeInto(page, page.getByRole('searchbox', { name: 'Search' }), email);
  await iPressEnterOn(page, page.getByRole('button', { name: 'Search' }));
  await iPressEnterOn(page, page.getByRole('link', { name }).first());
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  return page.getByRole('region', { name: 'What the applicant was shown and agreed' });
}

test('an applicant’s journey: staff see each text as served by us and as claimed by the browser, nothing contradicted', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const startedAt = new Date().toISOString();
  const contact = uniqueContact(testInfo, 'applicant');
  await completeVehicleJourneyUpTo(page, '/complete', { ...VEHICLE_APPLICANT, ...contact });
  await thenIShouldSeeTheHeading(page, 'Application sent');
  const reference = new URL(page.url()).searchParams.get('evoId');
  const row = await waitForApplication((stored) => stored.application_id === reference);

  // The server's own record: the footer's texts, served to this session on the server's clock.
  const served = servedTo(row.submission_key);
  expect(served.map((entry) => [entry.text_id, entry.version])).toEqual(
    expect.arrayContaining([
      ['broker-status', 1],
      ['commission', 1],
    ]),
  );
  for (const entry of served) {
    expect(entry.first_served_at >= startedAt && entry.first_served_at <= row.created_at).toBe(
      true,
    );
  }
  // The browser's record, sent with the application: each at the version current when shown.
  const sent = payloadOf(row).disclosures as Disclosures;
  expect(sent.shown.map((entry) => entry.text)).toEqual(
    expect.arrayContaining(['broker-status', 'commission']),
  );
  const terms = sent.agreed.find((entry) => entry.consent === 'terms');
  expect(terms).toMatchObject({ text: 'terms', version: 1 });
  for (const entry of [...sent.shown, ...sent.agreed]) {
    expect(entry.version, entry.text).toBe(
      currentDisclosureVersion(entry.text as DisclosureTextId),
    );
  }

  const evidence = await whenStaffOpenTheApplication(page, contact.email, /^Jane Doe-smith$/i);
  const shown = evidence.getByRole('table', { name: 'Texts shown' });
  for (const name of ['Broker status, version 1', 'Commission, version 1']) {
    const text = shown.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(text).toContainText('Served by us at');
    await expect(text).toContainText('Claimed by the browser: shown at');
    await expect(text).toContainText('No contradiction');
    await expect(text).toContainText(/SHA-256 [0-9a-f]{64}/);
  }
  const consents = evidence.getByRole('table', { name: 'Consents' });
  const agreed = consents.getByRole('row').filter({ hasText: 'Agreed to the terms' });
  await expect(agreed).toContainText('Claimed by the browser: agreed at');
  await expect(agreed).toContainText('Terms & Conditions, version 1');
  await expect(agreed).toContainText('No contradiction');
  await expect(evidence).not.toContainText('Contradicts our record');
  await expect(evidence).not.toContainText('We have no record of serving any text');
  // Not repeated under "Other answers".
  await expect(page.getByRole('heading', { name: 'Other answers' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await evidence.scrollIntoViewIfNeeded();
  await snap(page, 'back-office-evidence-served');

  // The commission text as it was, word for word.
  await iPressEnterOn(page, shown.getByRole('link', { name: 'Commission, version 1' }));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Commission, version 1' }),
  ).toBeFocused();
  await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expect(
    page.getByText(
      'We may receive commission from the lender if you take out finance with them. The amount is available on request.',
      { exact: true },
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-evidence-text');

  // The terms agreed to, then back to the application.
  await iPressEnterOn(page, page.getByRole('link', { name: 'Back to the application' }));
  await expect(page.getByRole('heading', { level: 1, name: /^Jane Doe-smith$/i })).toBeFocused();
  await iPressEnterOn(
    page,
    page
      .getByRole('table', { name: 'Consents' })
      .getByRole('link', { name: 'Terms & Conditions, version 1' }),
  );
  await expect(
    page.getByRole('heading', { level: 1, name: 'Terms & Conditions, version 1' }),
  ).toBeFocused();
  await expect(
    page.getByText('We are a credit broker, not a lender.', { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a script’s forged evidence under a real session’s key is marked for staff: no texts shown, 1999 and 2099, the repossession warning 36 times', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);

  // A visitor's first screen: the server records serving its footer's texts to the session.
  await page.goto('/');
  await expect(page.locator('footer')).toContainText('is a credit broker, not a lender');
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('disclosures')))
    .toContain('commission');
  // The report of what was served goes at the visitor's first activity (lib/when-needed.ts),
  // watched for from the app's first render on: the record above is written then.
  await page.mouse.move(20, 20);
  const { key } = JSON.parse(
    (await page.evaluate(() => sessionStorage.getItem('disclosures'))) ?? '{}',
  ) as { key: string };
  await expect
    .poll(() => servedTo(key).map((entry) => entry.text_id))
    .toEqual(['broker-status', 'commission']);

  // A script then sends the application under that key, with a record of its own making.
  const now = new Date().toISOString();
  const { payload } = application({
    submissionKey: key,
    disclosures: {
      shown: Array.from({ length: 36 }, () => ({
        text: 'repossession-warning',
        version: 1,
        at: now,
      })),
      agreed: [
        { consent: 'terms', text: 'terms', version: 1, at: '1999-01-01T00:00:00.000Z' },
        { consent: 'cookies', text: 'cookies', version: 2, at: '2099-12-31T23:59:59.000Z' },
      ],
    },
  });
  const submitted = await request.post(`/api/submission/${key}`, { data: payload });
  expect(submitted.status()).toBe(200);
  // It cannot add to the server's record afterwards either.
  const late = await request.post(`/api/disclosures/${key}`, {
    data: { shown: [{ text: 'repossession-warning', version: 1 }] },
  });
  expect(late.status()).toBe(409);

  const evidence = await whenStaffOpenTheApplication(
    page,
    String(payload.email),
    /^Katherine Johnson$/,
  );
  await expect(evidence).toContainText("5 entries of the browser's record contradict ours");
  const shown = evidence.getByRole('table', { name: 'Texts shown' });
  const commission = shown
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Commission, version 1' }) });
  await expect(commission).toContainText('Served by us at');
  await expect(commission).toContainText('Not claimed by the browser');
  await expect(commission).toContainText(
    "Missing from the browser's record, though we served it before the application arrived.",
  );
  const warning = shown
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Repossession warning, version 1' }) });
  await expect(warning).toContainText('Not served by us');
  await expect(warning).toContainText(/Claimed by the browser: shown at .+, 36 times/);
  await expect(warning).toContainText(
    'Only a loan secured on a home shows this text, and this application is not one.',
  );
  await expect(warning).toContainText('Claimed 36 times; a browser records each version once.');
  const consents = evidence.getByRole('table', { name: 'Consents' });
  await expect(consents.getByRole('row').filter({ hasText: 'Agreed to the terms' })).toContainText(
    'The time claimed is before our first record of this session',
  );
  await expect(
    consents.getByRole('row').filter({ hasText: 'Accepted analytics cookies' }),
  ).toContainText('The time claimed is after we received the application');
  await expectNoAxeViolations(page);
  await evidence.scrollIntoViewIfNeeded();
  await snap(page, 'back-office-evidence-forged');
});

test('a secured loan’s journey: the secured texts are served on its path, and nothing is contradicted', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const who = securedApplicant(testInfo);
  await completeSecuredJourneyUpTo(page, '/complete', who);
  await thenIShouldSeeTheHeading(page, 'Application sent');
  const row = await waitForApplication((stored) => stored.email_lower === who.applicant.email);
  expect(servedTo(row.submission_key).map((entry) => entry.text_id)).toEqual(
    expect.arrayContaining([
      'broker-status',
      'commission',
      'fair-processing',
      'repossession-warning',
      'representative-example',
      'soft-search',
    ]),
  );

  const evidence = await whenStaffOpenTheApplication(page, who.applicant.email, /^Alex Morgan$/i);
  const shown = evidence.getByRole('table', { name: 'Texts shown' });
  for (const name of [
    'Repossession warning, version 1',
    'Representative example (secured), version 1',
    'Soft search notice, version 1',
    'Fair processing notice, version 1',
  ]) {
    const text = shown.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(text, name).toContainText('Served by us at');
    await expect(text, name).toContainText('Claimed by the browser: shown at');
  }
  await expect(
    evidence.getByRole('table', { name: 'Consents' }).getByRole('row', { name: /soft search/ }),
  ).toContainText('No contradiction');
  await expect(evidence).not.toContainText('Contradicts our record');
  await expectNoAxeViolations(page);
});
