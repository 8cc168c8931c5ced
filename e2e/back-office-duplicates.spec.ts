import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { application, signedInAs } from './support/back-office';
import { findApplication } from './support/db';
import { iPressEnterOn, iSelectWithArrows } from './support/keyboard';
import { snap } from './support/screenshots';

// docs/decisions/0051-duplicates-stored-linked-released.md: a person who applies again within the
// window is answered as a duplicate, and their application is stored, linked to the earlier one
// and listed for staff as a possible duplicate; an agent releases it. Keyboard only, axe on each
// state.

test('an agent finds a possible duplicate, follows it to the earlier application and releases it, by keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const first = application({ firstName: 'Mary', lastName: 'Golda Ross' });
  expect(
    (await request.post(`/api/submission/${first.key}`, { data: first.payload })).status(),
  ).toBe(200);
  const earlier = findApplication(first.key)!;
  // The same person again: the same date of birth, e-mail and phone, another key.
  const again = application({
    firstName: 'Mary',
    lastName: 'Golda Ross',
    email: first.payload.email,
    contactNumber: first.payload.contactNumber,
    dateOfBirth: first.payload.dateOfBirth,
  });
  const answered = await request.post(`/api/submission/${again.key}`, { data: again.payload });
  expect(((await answered.json()) as { duplicateRequest: boolean }).duplicateRequest).toBe(true);
  const stored = findApplication(again.key)!;
  expect(stored.outcome).toBe('duplicate');

  await signedInAs(page, 'agent');

  // The list's possible duplicates.
  await iSelectWithArrows(page, page.getByLabel('Outcome'), 'Possible duplicate');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Search' }));
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: 'Mary Golda Ross' })
    .filter({ hasText: 'possible duplicate' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: earlier.reference! })).toBeVisible();
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-possible-duplicates');

  // The application: why it is a possible duplicate, and the way to the earlier one.
  await iPressEnterOn(page, row.getByRole('link', { name: 'Mary Golda Ross' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Mary Golda Ross' })).toBeFocused();
  const panel = page.getByRole('region', { name: 'Possible duplicate' });
  await expect(panel).toContainText(
    'The same date of birth, e-mail address and phone number as application',
  );
  await expect(panel).toContainText('It has not been sent to lenders or the broker’s systems.');
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-duplicate');

  await iPressEnterOn(page, panel.getByRole('link', { name: `application ${earlier.reference}` }));
  await expect(page.getByRole('heading', { level: 1, name: 'Mary Golda Ross' })).toBeFocused();
  const later = page.getByRole('region', {
    name: 'Later possible duplicates of this application',
  });
  await expect(later.getByRole('link', { name: `Application ${stored.reference}` })).toBeVisible();
  await expectNoAxeViolations(page);

  // Back to it, and release it.
  await iPressEnterOn(page, later.getByRole('link', { name: `Application ${stored.reference}` }));
  await iPressEnterOn(
    page,
    page
      .getByRole('region', { name: 'Possible duplicate' })
      .getByRole('button', { name: 'Release this application' }),
  );
  const status = page.getByRole('status').filter({ hasText: 'Released.' });
  await expect(status).toBeFocused();
  await expect(status).toHaveText(
    'Released. The lender panel’s decision: approved. It is being sent to the broker’s systems now.',
  );
  await expect(page.getByRole('region', { name: 'Possible duplicate' })).toHaveCount(0);
  await expect(page.getByText('Released from possible duplicate on')).toBeVisible();
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-duplicate-released');
  await expect
    .poll(() => findApplication(again.key))
    .toMatchObject({ outcome: 'approved', duplicate_of: earlier.id });
  expect(findApplication(again.key)!.application_id).toMatch(/^[0-9a-f-]{36}$/);
});
