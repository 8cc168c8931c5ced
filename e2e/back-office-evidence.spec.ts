import { expect, test } from '@playwright/test';
import { currentDisclosureVersion, type DisclosureTextId } from '@broker/domain';
import { expectNoAxeViolations } from './support/axe';
import { application, signedInAs } from './support/back-office';
import { payloadOf, waitForApplication } from './support/db';
import { iPressEnterOn, iTypeInto } from './support/keyboard';
import { snap } from './support/screenshots';
import { uniqueContact } from './support/secured';
import { thenIShouldSeeTheHeading } from './support/user';
import { completeVehicleJourneyUpTo, VEHICLE_APPLICANT } from './support/vehicle';

// Evidence of what was disclosed and agreed (docs/evidence.md): the applicant's browser records
// the texts it shows, the application carries them, and a member of staff sees them on the
// application and opens a stored text as it was. Keyboard only, axe on each screen.

interface Disclosures {
  shown: { text: string; version: number; at: string }[];
  agreed: { consent: string; text: string; version: number; at: string }[];
}

test('staff see which texts an application was shown and agreed, and open one as it was', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);

  // The applicant's first screen shows the broker's status and commission in its footer: the
  // browser records both, with the current versions.
  await page.goto('/');
  await expect(page.locator('footer')).toContainText('is a credit broker, not a lender');
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('disclosures')))
    .toContain('commission');
  const recorded = JSON.parse(
    (await page.evaluate(() => sessionStorage.getItem('disclosures'))) ?? '{}',
  ) as Disclosures;
  expect(recorded.shown.map((entry) => [entry.text, entry.version])).toEqual([
    ['broker-status', 1],
    ['commission', 1],
  ]);
  const agreedAt = new Date().toISOString();
  const disclosures: Disclosures = {
    shown: [...recorded.shown, { text: 'terms', version: 1, at: agreedAt }],
    agreed: [{ consent: 'terms', text: 'terms', version: 1, at: agreedAt }],
  };
  const { key, payload } = application({ disclosures });
  const submitted = await request.post(`/api/submission/${key}`, { data: payload });
  expect(submitted.status()).toBe(200);
  const unknown = application({
    disclosures: { shown: [{ text: 'terms', version: 42, at: agreedAt }], agreed: [] },
  });
  const refused = await request.post(`/api/submission/${unknown.key}`, { data: unknown.payload });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    error: 'invalid_payload',
    fields: [{ path: 'disclosures.shown.0.version', message: 'Not a known version of this text' }],
  });

  // A member of staff (an auditor: reading evidence is for every role) signs in.
  await signedInAs(page, 'auditor');

  // The application, found by its e-mail address.
  await iTypeInto(page, page.getByRole('searchbox', { name: 'Search' }), String(payload.email));
  await iPressEnterOn(page, page.getByRole('button', { name: 'Search' }));
  await iPressEnterOn(page, page.getByRole('link', { name: 'Katherine Johnson' }).first());
  await expect(page.getByRole('heading', { level: 1, name: 'Katherine Johnson' })).toBeFocused();
  const evidence = page.getByRole('region', { name: 'What the applicant was shown and agreed' });
  const consents = evidence.getByRole('table', { name: 'Consents' });
  await expect(consents.getByRole('row').nth(1)).toContainText('Agreed to the terms');
  await expect(consents.getByRole('row').nth(1)).toContainText('Terms & Conditions, version 1');
  const shown = evidence.getByRole('table', { name: 'Texts shown' });
  await expect(shown.getByRole('row')).toHaveCount(4);
  await expect(shown.getByRole('row').nth(1)).toContainText('Broker status, version 1');
  await expect(shown.getByRole('row').nth(2)).toContainText('Commission, version 1');
  // Not repeated under "Other answers".
  await expect(page.getByRole('heading', { name: 'Other answers' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await evidence.scrollIntoViewIfNeeded();
  await snap(page, 'back-office-evidence-detail');

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
  await expect(page.getByRole('heading', { level: 1, name: 'Katherine Johnson' })).toBeFocused();
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

test('a whole journey in the browser sends the texts it showed and the moment the terms were agreed', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const startedAt = new Date().toISOString();
  await completeVehicleJourneyUpTo(page, '/complete', {
    ...VEHICLE_APPLICANT,
    ...uniqueContact(testInfo, 'applicant'),
  });
  await thenIShouldSeeTheHeading(page, 'Application sent');
  const reference = new URL(page.url()).searchParams.get('evoId');
  const row = await waitForApplication((stored) => stored.application_id === reference);
  const sent = payloadOf(row).disclosures as Disclosures;
  expect(sent.shown.map((entry) => entry.text)).toEqual(
    expect.arrayContaining(['broker-status', 'commission']),
  );
  const terms = sent.agreed.find((entry) => entry.consent === 'terms');
  expect(terms).toMatchObject({ text: 'terms', version: 1 });
  expect(terms!.at >= startedAt && terms!.at <= new Date().toISOString()).toBe(true);
  // Each at the version current when it was shown (privacy and cookies are at 2: decision 0044).
  for (const entry of [...sent.shown, ...sent.agreed]) {
    expect(entry.version, entry.text).toBe(
      currentDisclosureVersion(entry.text as DisclosureTextId),
    );
  }
});
