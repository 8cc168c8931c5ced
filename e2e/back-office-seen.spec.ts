import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { submissionPayloadSchema } from '@broker/domain';
import { applicantPayload } from '@broker/domain/testing';
import { expectNoAxeViolations } from './support/axe';
import { application, signedInAs } from './support/back-office';
import { findApplication } from './support/db';
import { iPressEnterOn, iSelectWithArrows, iTypeInto } from './support/keyboard';
import { snap } from './support/screenshots';
import { personFor } from './support/seeded-application';

// What a member of staff meets in a day's work (docs/back-office.md): the sign-in notice only
// when a session ended, a page their role may not open said plainly, the contact details at the
// top of a case, refusals in words, one date format, a status chosen on purpose, an erasure
// confirmed by typing the reference, an audit log in words, and a CSV a spreadsheet reads right.

const WHEN = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;
const DAY = /^\d{1,2} [A-Z][a-z]{2} \d{4}$/;

/** A complete application posted through the API; returns its row as stored. */
async function submitted(page: Page, overrides: Record<string, unknown> = {}) {
  const { key, payload } = application(overrides);
  const response = await page.request.post(`/api/submission/${key}`, { data: payload });
  expect(response.status()).toBe(200);
  return { key, payload, row: findApplication(key)! };
}

/** A call to the staff API from the signed-in page, with the session's CSRF token. */
async function staffCall(page: Page, method: 'GET' | 'POST', url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const session = (await (await fetch('/api/staff/session')).json()) as { csrfToken: string };
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, url, body },
  );
}

/** Where a text's lines break: the characters either side of each break. */
async function lineBreaksIn(page: Page, selector: string): Promise<[string, string][]> {
  return page.locator(selector).evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const chars: { char: string; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        chars.push({ char: text[index]!, top: Math.round(range.getBoundingClientRect().top) });
      }
    }
    const breaks: [string, string][] = [];
    for (let index = 1; index < chars.length; index += 1) {
      if (chars[index]!.top > chars[index - 1]!.top) {
        breaks.push([chars[index - 1]!.char, chars[index]!.char]);
      }
    }
    return breaks;
  });
}

test('a first visit is not told it was signed out; a session that ends is', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/back-office/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to the back office' }),
  ).toBeVisible();
  await expect(page.getByText('You were signed out. Sign in again to carry on')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await signedInAs(page, 'agent');
  await page.context().clearCookies();
  await iPressEnterOn(page, page.getByRole('link', { name: 'Funnel' }));
  await expect(page.getByText('You were signed out. Sign in again to carry on')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an agent who opens an admin page by its address is told they have no access, and the server refuses it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInAs(page, 'agent');
  for (const [path, name] of [
    ['staff', 'Staff'],
    ['data-requests', 'Data requests'],
    ['audit', 'Audit log'],
  ] as const) {
    await page.goto(`/back-office/${path}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeFocused();
    await expect(page.getByRole('main')).toContainText(
      `The ${name} page is not open to you: you are signed in as an agent. If you need it for your work, ask an admin.`,
    );
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
  await snap(page, 'seen-access-denied');
  await iPressEnterOn(page, page.getByRole('link', { name: 'Back to applications' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeFocused();

  expect((await staffCall(page, 'GET', '/api/staff/audit')).status).toBe(403);
  expect((await staffCall(page, 'GET', '/api/staff/members')).status).toBe(403);
  const subjectAccess = await staffCall(page, 'POST', '/api/staff/subject-access', {
    q: 'someone@example.com',
  });
  expect(subjectAccess).toEqual({ status: 403, body: { error: 'forbidden' } });
});

test('an auditor opens the audit log but not the staff page', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInAs(page, 'auditor');
  await iPressEnterOn(page, page.getByRole('link', { name: 'Audit log' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeFocused();
  await page.goto('/back-office/staff');
  await expect(
    page.getByRole('heading', { level: 1, name: 'You do not have access to this page' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText('you are signed in as an auditor');
  await expectNoAxeViolations(page);
});

test('an agent reaches the contact details at the top of a case, reads refusals in words and chooses a status on purpose', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const long = `katherine.coleman.johnson.${randomUUID().slice(0, 6)}@langley.example`;
  const { row, payload } = await submitted(page, { email: long });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs(page, 'agent');

  // The list: words with capitals, one date format, an e-mail broken only at sensible points.
  await iTypeInto(page, page.getByRole('searchbox', { name: 'Search' }), row.reference!);
  await iPressEnterOn(page, page.getByRole('button', { name: 'Search' }));
  const listed = page.getByRole('table').getByRole('row').nth(1);
  await expect(listed.getByRole('cell').nth(2)).toHaveText('Approved');
  await expect(listed.getByRole('cell').nth(4)).toHaveText('Vehicle');
  await expect(listed.getByRole('cell').nth(5)).toHaveText(WHEN);
  await expect(listed.getByRole('link', { name: long })).toHaveAttribute('href', `mailto:${long}`);
  // On a laptop and on a phone (where it must wrap) it breaks only after the @ or before a dot.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const breaks = await lineBreaksIn(page, 'td[data-label="Contact"] .email');
    if (width === 390) expect(breaks.length).toBeGreaterThan(0);
    for (const [before, after] of breaks) {
      expect(
        before === '@' || after === '.',
        `${width}: a break between ${before} and ${after}`,
      ).toBe(true);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await snap(page, 'seen-list');

  // The case: contact first, within the first screen, as links.
  await iPressEnterOn(page, page.getByRole('link', { name: 'Katherine Johnson' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Katherine Johnson' })).toBeFocused();
  const contact = page.getByRole('region', { name: 'Contact the applicant' });
  const box = (await contact.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  const digits = String(payload.contactNumber);
  await expect(contact.getByRole('link', { name: /^0\d{3,4} \d{6,7}$/ })).toHaveAttribute(
    'href',
    `tel:${digits}`,
  );
  await expect(contact.getByRole('link', { name: long })).toHaveAttribute('href', `mailto:${long}`);

  // Dates the one way; the outcome and branch in words.
  const value = (key: string) =>
    page.locator('.summary-list__row', { has: page.getByText(key, { exact: true }) }).first();
  await expect(value('Outcome').locator('dd')).toHaveText('Approved');
  await expect(value('Received').locator('dd')).toHaveText(WHEN);
  await expect(value('Journey and brand').locator('dd')).toHaveText(/^Vehicle, /);
  await expect(value('Valid until').locator('dd')).toHaveText(DAY);
  expect(await page.getByRole('main').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);

  // A vehicle loan: no homeowner lender is listed as refusing it, and the count says why.
  await expect(page.getByRole('main')).not.toContainText('Hearthstone');
  await expect(page.getByRole('main')).not.toContainText('Kestrel');
  await expect(page.getByRole('main')).not.toContainText('is not one of');
  await expect(
    page.getByText('2 lenders on the panel do not lend on this kind of loan and are not listed.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await snap(page, 'seen-case-top');

  // The status: nothing chosen for them; Change says what is missing.
  const status = page.getByLabel('New status');
  await expect(status.locator('option:checked')).toHaveText('Choose a status');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Change status' }));
  await expect(page.getByRole('alert').getByRole('link')).toHaveText('Choose the new status');
  await expect(value('Status').locator('dd')).toHaveText('New');
  await expectNoAxeViolations(page);
  await iSelectWithArrows(page, status, 'Contacted');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Change status' }));
  await expect(value('Status').locator('dd')).toHaveText('Contacted');
  await expect(status.locator('option:checked')).toHaveText('Choose a status');
});

test('a secured loan lists only the lenders of secured loans, in words', async ({ page }) => {
  test.setTimeout(90_000);
  const key = randomUUID();
  const payload = submissionPayloadSchema.parse(
    applicantPayload('secured', { sessionId: key, person: personFor(key) }),
  );
  expect((await page.request.post(`/api/submission/${key}`, { data: payload })).status()).toBe(200);
  const row = findApplication(key)!;
  await signedInAs(page, 'agent');
  await page.goto(`/back-office/applications/${row.id}`);
  await expect(page.getByRole('region', { name: 'Contact the applicant' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Secured, ');
  for (const vehicleLender of ['Pennyworth', 'Northgate']) {
    await expect(main).not.toContainText(vehicleLender);
  }
  await expect(
    page.getByText('2 lenders on the panel do not lend on this kind of loan and are not listed.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an admin reads the audit log in words, confirms an erasure by its reference, and exports a CSV a spreadsheet reads right', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { row, payload } = await submitted(page);
  await signedInAs(page, 'admin');

  // A status change, then the audit log: words, names, a link to the application.
  await page.goto(`/back-office/applications/${row.id}`);
  await iSelectWithArrows(page, page.getByLabel('New status'), 'Contacted');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Change status' }));
  await expect(page.getByText('Status: Contacted')).toBeVisible();
  // Kinds added with the work queue and complaints, made through the API the screens use.
  const day = (offset: number) =>
    new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const base = `/api/staff/applications/${row.id}`;
  expect((await staffCall(page, 'POST', `${base}/next-action`, { on: day(7) })).status).toBe(200);
  const logged = await staffCall(page, 'POST', `${base}/complaints`, {
    receivedOn: day(-1),
    category: 'service',
    summary: 'Nobody called back',
  });
  expect(logged.status).toBe(201);
  const complaint = (logged.body as { complaints: { id: number }[] }).complaints[0]!;
  const answered = await staffCall(page, 'POST', `/api/staff/complaints/${complaint.id}/response`, {
    finalResponseOn: day(0),
    outcome: 'upheld',
  });
  expect(answered.status).toBe(200);
  await iPressEnterOn(page, page.getByRole('link', { name: 'Audit log' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeFocused();
  const rows = page.getByRole('table').getByRole('row');
  const changed = rows.filter({ hasText: 'Changed the status' });
  await expect(changed.first()).toContainText('Mary Jackson');
  await expect(changed.first()).toContainText('From New to Contacted');
  for (const words of [
    'Viewed an application’s lender record',
    'Set the next action date',
    'Logged a complaint',
    'Recorded a complaint’s final response',
  ]) {
    await expect(
      rows
        .filter({ hasText: words })
        .filter({ hasText: `Application ${row.reference}` })
        .first(),
      words,
    ).toBeVisible();
  }
  await expect(rows.filter({ hasText: 'Set the next action date' }).first()).toContainText(
    /From none to \d{1,2} [A-Z][a-z]{2} \d{4}/,
  );
  const table = page.getByRole('table');
  for (const code of [
    'status-changed',
    'lender-submissions-viewed',
    'next-action-set',
    'complaint-logged',
    'complaint-answered',
    'Next action set',
    'Complaint answered',
  ]) {
    await expect(table).not.toContainText(code);
  }
  await expect(table).not.toContainText('{');
  await expect(table).not.toContainText('@broker.example');
  await expectNoAxeViolations(page);
  await snap(page, 'seen-audit');
  await iPressEnterOn(
    page,
    changed.first().getByRole('link', { name: `Application ${row.reference}` }),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Katherine Johnson' })).toBeFocused();

  // The CSV: phone numbers keep their leading 0; times in UTC, one documented way.
  await iPressEnterOn(page, page.getByRole('link', { name: 'Applications', exact: true }));
  await iTypeInto(page, page.getByRole('searchbox', { name: 'Search' }), row.reference!);
  await iPressEnterOn(page, page.getByRole('button', { name: 'Search' }));
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Export as CSV' }));
  const csv = readFileSync(await (await downloading).path(), 'utf8').split('\r\n');
  const headings = csv[0]!.split(',');
  const cells = csv[1]!.split(',');
  const cell = (name: string) => cells[headings.indexOf(name)];
  const digits = String(payload.contactNumber);
  expect(digits).toMatch(/^0/);
  expect(cell('Phone')).toBe(`${digits.slice(0, 5)} ${digits.slice(5)}`);
  expect(cell('Received (UTC)')).toBe(
    new Date(row.created_at).toISOString().slice(0, 19).replace('T', ' '),
  );

  // Data requests: who, which, when and how it ended, before anything is erased.
  await iPressEnterOn(page, page.getByRole('link', { name: 'Data requests' }));
  await iTypeInto(
    page,
    page.getByLabel('E-mail address, phone number or application id'),
    String(payload.email),
  );
  await iPressEnterOn(page, page.getByRole('button', { name: 'Find their data' }));
  const found = page.getByRole('region', { name: 'What is held about them' });
  const held = found.getByRole('table').getByRole('row').nth(1).getByRole('cell');
  await expect(held.nth(0)).toHaveText('Katherine Johnson');
  await expect(held.nth(1)).toHaveText(row.reference!);
  await expect(held.nth(2)).toHaveText(WHEN);
  await expect(held.nth(3)).toHaveText('Approved');
  await iTypeInto(page, page.getByLabel('Reason for the erasure'), 'Asked by e-mail, ticket 6001');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Erase their data' }));
  const confirm = page.getByRole('form', { name: 'Are you sure?' });
  await expect(confirm).toBeFocused();
  const typed = confirm.getByLabel(
    `To confirm, type the reference of their most recent application: ${row.reference}`,
  );
  await iPressEnterOn(page, page.getByRole('button', { name: 'Yes, erase their data' }));
  await expect(page.getByRole('alert').getByRole('link')).toHaveText(
    `Type ${row.reference} to confirm the erasure`,
  );
  await iTypeInto(page, typed, 'ABCDEFGH');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Yes, erase their data' }));
  await expect(page.getByRole('alert').getByRole('link')).toHaveText(
    `What you typed is not ${row.reference}. Type it to confirm the erasure`,
  );
  await expectNoAxeViolations(page);
  await snap(page, 'seen-data-requests-confirm');

  // The server asks for it too: the same erasure without the reference is refused.
  const refused = await staffCall(page, 'POST', '/api/staff/erasure', {
    q: String(payload.email),
    reason: 'Asked by e-mail, ticket 6001',
    applicationIds: [row.id],
    confirmation: 'ERASE',
  });
  expect(refused).toEqual({
    status: 400,
    body: {
      error: 'invalid',
      fields: [
        { path: 'confirmation', message: 'Type the reference shown to confirm the erasure' },
      ],
    },
  });
  expect(findApplication(row.submission_key)).toBeDefined();

  await iTypeInto(page, typed, row.reference!.toLowerCase());
  await iPressEnterOn(page, page.getByRole('button', { name: 'Yes, erase their data' }));
  await expect(page.getByRole('status')).toContainText('Their data was erased: 1 application.');
  expect(findApplication(row.submission_key)).toBeUndefined();
});
