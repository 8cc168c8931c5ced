import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { submissionPayloadSchema } from '@broker/domain';
import { applicantPayload } from '@broker/domain/testing';
import { expectNoAxeViolations } from './support/axe';
import { application, signedInAs } from './support/back-office';
import { databasePath, findApplication, readApplications } from './support/db';
import { iPressEnterOn, iTypeInto } from './support/keyboard';
import { snap } from './support/screenshots';
import { personFor } from './support/seeded-application';

// Data requests in the back office (docs/data-lifecycle.md): an admin finds one person's data,
// downloads it as JSON and erases it after a reason and a confirmation. Keyboard only, with axe
// on every state. The staff helpers are those of back-office.spec.ts.

test('an admin downloads a person’s data and erases it, by keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { key, payload } = application({});
  const submitted = await request.post(`/api/submission/${key}`, { data: payload });
  expect(submitted.status()).toBe(200);
  const applicant = payload.email;

  await signedInAs(page, 'admin');

  // The screen, and a search that is not an e-mail, phone or id.
  await iPressEnterOn(page, page.getByRole('link', { name: 'Data requests' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Data requests' })).toBeFocused();
  await expectNoAxeViolations(page);
  await iPressEnterOn(page, page.getByRole('button', { name: 'Find their data' }));
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alert').getByRole('link')).toHaveText(
    'Enter an e-mail address, phone number or application id',
  );
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-data-requests-error');

  // Found: what is held, and the download.
  await iTypeInto(
    page,
    page.getByLabel('E-mail address, phone number or application id'),
    applicant.toUpperCase(),
  );
  await iPressEnterOn(page, page.getByRole('button', { name: 'Find their data' }));
  const found = page.getByRole('region', { name: 'What is held about them' });
  await expect(found.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(found).toContainText(`E-mail addresses: ${applicant}`);
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-data-requests-found');
  const downloading = page.waitForEvent('download');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Download their data (JSON)' }));
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^subject-access-\d{4}-\d{2}-\d{2}\.json$/);
  const document = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
    emails: string[];
    applications: { answers: { firstName: string } }[];
  };
  expect(document.emails).toEqual([applicant]);
  expect(document.applications[0]!.answers.firstName).toBe('Katherine');

  // Erasure: a reason, then the confirmation.
  await iPressEnterOn(page, page.getByRole('button', { name: 'Erase their data' }));
  await expect(page.getByRole('alert').getByRole('link')).toHaveText(
    'Enter the reason for the erasure',
  );
  await expectNoAxeViolations(page);
  await iTypeInto(page, page.getByLabel('Reason for the erasure'), 'Asked by e-mail, ticket 5120');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Erase their data' }));
  const confirm = page.getByRole('form', { name: 'Are you sure?' });
  await expect(confirm).toBeFocused();
  await expect(confirm).toContainText(
    'This removes 1 application and everything linked to them, for good. It cannot be undone.',
  );
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-data-requests-confirm');
  const { reference: typed } = findApplication(key)!;
  await iTypeInto(page, confirm.getByRole('textbox'), typed!);
  await iPressEnterOn(page, page.getByRole('button', { name: 'Yes, erase their data' }));
  await expect(page.getByRole('status')).toHaveText(
    'Their data was erased: 1 application. A record of the erasure, without their details, is kept.',
  );
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-data-requests-erased');
  expect(readApplications().filter((row) => row.submission_key === key)).toEqual([]);
  for (const file of [databasePath(), `${databasePath()}-wal`].filter((f) => fs.existsSync(f))) {
    expect(fs.readFileSync(file).includes(Buffer.from(applicant)), file).toBe(false);
  }

  // Found again: nothing.
  await iTypeInto(
    page,
    page.getByLabel('E-mail address, phone number or application id'),
    applicant,
  );
  await iPressEnterOn(page, page.getByRole('button', { name: 'Find their data' }));
  await expect(page.getByText('Nothing is held about them.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an admin finds a joint applicant by their own e-mail and erases only their part, by keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const key = randomUUID();
  const applicant = personFor(key);
  const joint = personFor(randomUUID());
  const payload = submissionPayloadSchema.parse(
    applicantPayload('joint', { sessionId: key, person: applicant, joint }),
  );
  expect((await request.post(`/api/submission/${key}`, { data: payload })).status()).toBe(200);

  await signedInAs(page, 'admin');
  await iPressEnterOn(page, page.getByRole('link', { name: 'Data requests' }));
  await iTypeInto(
    page,
    page.getByLabel('E-mail address, phone number or application id'),
    joint.email,
  );
  await iPressEnterOn(page, page.getByRole('button', { name: 'Find their data' }));
  const found = page.getByRole('region', { name: 'What is held about them' });
  const row = found.getByRole('table').getByRole('row').nth(1);
  await expect(row.getByRole('cell').first()).toHaveText(`${joint.firstName} ${joint.lastName}`);
  await expect(row).toContainText('Joint applicant (the other person’s details are withheld)');
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-data-requests-joint');

  // Their file: their own details, the applicant's withheld, and the file says so.
  const downloading = page.waitForEvent('download');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Download their data (JSON)' }));
  const file = fs.readFileSync(await (await downloading).path(), 'utf8');
  const document = JSON.parse(file) as {
    applications: { role: string; withheld: { statement: string } | null }[];
  };
  expect(document.applications.map((entry) => entry.role)).toEqual(['joint']);
  expect(document.applications[0]!.withheld?.statement).toMatch(/^You are the joint applicant/);
  expect(file).toContain(joint.email);
  expect(file).not.toContain(applicant.email);

  await iTypeInto(page, page.getByLabel('Reason for the erasure'), 'Asked by e-mail, ticket 5121');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Erase their data' }));
  const confirm = page.getByRole('form', { name: 'Are you sure?' });
  await expect(confirm).toContainText(
    'This removes their part of 1 joint application, kept for the other person, for good. It cannot be undone.',
  );
  await expectNoAxeViolations(page);
  const { reference } = findApplication(key)!;
  await iTypeInto(page, confirm.getByRole('textbox'), reference!);
  await iPressEnterOn(page, page.getByRole('button', { name: 'Yes, erase their data' }));
  await expect(page.getByRole('status')).toContainText(
    'Their data was erased: their part of 1 joint application, kept for the other person. A record of the erasure, without their details, is kept.',
  );
  await expect(page.getByRole('status')).toContainText(
    `Application ${reference} is kept for the applicant, without the joint applicant’s details;`,
  );
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-data-requests-joint-erased');
  const stored = findApplication(key)!;
  expect(stored.payload_json).not.toContain(joint.email);
  expect(stored.payload_json).toContain(applicant.email);
});
