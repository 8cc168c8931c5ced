import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { application, signedInAs } from './support/back-office';
import { findApplication } from './support/db';
import { iPressEnterOn, iSelectWithArrows, iTypeInto } from './support/keyboard';
import { snap } from './support/screenshots';

// The complaints register (docs/back-office.md, docs/decisions/0093-complaints-register.md): an
// agent logs complaints on a case, sees each one's final-response deadline (8 weeks after it was
// received), the warning as it nears and overdue past it, and records a final response; the
// register lists them all; an auditor reads the register and the case but cannot log or answer.

test.describe.configure({ mode: 'serial' });

/** A calendar date in London `days` before today, as YYYY-MM-DD. */
function daysAgo(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [year, month, day] = today.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! - days)).toISOString().slice(0, 10);
}

/** As the back office shows a date: "5 May 2026". */
function shown(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day)).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

let reference = '';
let caseId = 0;

test('an agent logs complaints with their deadlines, sees the warning and overdue, and records a final response', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { key, payload } = application({ lastName: 'Complainant' });
  expect((await request.post(`/api/submission/${key}`, { data: payload })).status()).toBe(200);
  const row = findApplication(key)!;
  reference = row.reference!;
  caseId = row.id;

  await signedInAs(page, 'agent');
  await page.goto(`/back-office/applications/${row.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Katherine Complainant' }),
  ).toBeFocused();
  const panel = page.getByRole('region', { name: 'Complaints' });
  await expect(panel.getByText('No complaints.')).toBeVisible();

  await iPressEnterOn(page, panel.getByText('Log a complaint', { exact: true }));
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Log the complaint' }));
  await expect(page.getByRole('alert').getByRole('link')).toHaveText([
    'Enter the date the complaint was received',
    'Choose what the complaint is about',
    'Enter a summary of the complaint',
  ]);
  await expect(panel.getByLabel('Date received')).toHaveAccessibleDescription(
    /Enter the date the complaint was received/,
  );
  await expectNoAxeViolations(page);

  // Received 50 days ago: the deadline is 6 days away, inside the 14-day warning.
  const nearing = daysAgo(50);
  await panel.getByLabel('Date received').fill(nearing);
  await iSelectWithArrows(
    page,
    panel.getByLabel('What it is about'),
    'Commission or what we disclosed',
  );
  await iTypeInto(
    page,
    panel.getByLabel('Summary of the complaint'),
    'Says nobody told her the dealer was paid commission.',
  );
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Log the complaint' }));
  await expect(panel.getByRole('status')).toHaveText('Complaint logged');
  const first = panel.getByRole('heading', { name: `Complaint received ${shown(nearing)}` });
  await expect(first).toContainText('Due soon: 6 days left');
  await expect(panel).toContainText(shown(daysAgo(50 - 56)));
  const timeline = page.getByRole('region', { name: 'Work' }).getByRole('listitem').first();
  await expect(timeline).toContainText('Complaint logged: Commission or what we disclosed');

  // Received 60 days ago: overdue by 4 days.
  const late = daysAgo(60);
  // The form stays open, empty, for the next one.
  await expect(panel.getByLabel('Summary of the complaint')).toHaveValue('');
  await panel.getByLabel('Date received').fill(late);
  await iSelectWithArrows(
    page,
    panel.getByLabel('What it is about'),
    'Our service or how we handled the application',
  );
  await iTypeInto(page, panel.getByLabel('Summary of the complaint'), 'Nobody called back.');
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Log the complaint' }));
  const overdue = panel.getByRole('heading', { name: `Complaint received ${shown(late)}` });
  await expect(overdue).toContainText('Overdue by 4 days');
  await expectNoAxeViolations(page);

  // The final response to the overdue one.
  const answer = panel.getByRole('form', { name: 'Record the final response' }).first();
  await iPressEnterOn(page, answer.getByRole('button', { name: 'Record the final response' }));
  await expect(page.getByRole('alert').getByRole('link')).toHaveText([
    'Enter the date of the final response',
    'Choose the outcome',
  ]);
  await answer.getByLabel('Date of the final response').fill(daysAgo(0));
  await iSelectWithArrows(page, answer.getByLabel('Outcome'), 'Upheld');
  await iPressEnterOn(page, answer.getByRole('button', { name: 'Record the final response' }));
  await expect(panel.getByRole('status')).toHaveText('Final response recorded');
  await expect(overdue).toContainText('Answered');
  await expect(panel).toContainText(`${shown(daysAgo(0))} (after the deadline): Upheld`);
  await expect(panel.getByRole('form', { name: 'Record the final response' })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-case-complaints');

  // The register.
  await iPressEnterOn(page, page.getByRole('link', { name: 'Complaints', exact: true }));
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints register' })).toBeFocused();
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: reference });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Due soon: 6 days left' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Answered' })).toContainText('Upheld');
  await expect(page.getByRole('table')).not.toContainText('Nobody called back.');
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-complaints-register');
});

test('an auditor reads the register and the case’s complaints, with no way to log or answer one', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signedInAs(page, 'auditor');
  await iPressEnterOn(page, page.getByRole('link', { name: 'Complaints', exact: true }));
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints register' })).toBeFocused();
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: reference });
  await expect(rows).toHaveCount(2);
  await expectNoAxeViolations(page);

  await iPressEnterOn(page, rows.first().getByRole('link', { name: reference }));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Katherine Complainant' }),
  ).toBeFocused();
  expect(page.url()).toContain(`/back-office/applications/${caseId}`);
  const panel = page.getByRole('region', { name: 'Complaints' });
  await expect(panel).toContainText('Says nobody told her the dealer was paid commission.');
  await expect(panel.getByText('Log a complaint')).toHaveCount(0);
  await expect(panel.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
