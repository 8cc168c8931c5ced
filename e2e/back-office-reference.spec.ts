import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { expectNoAxeViolations } from './support/axe';
import { application, signedInAs } from './support/back-office';
import { databasePath } from './support/db';
import { iPressEnterOn, iTabTo, iTypeInto } from './support/keyboard';
import { snap } from './support/screenshots';
import { iHaveAnsweredTheCookieBanner, whenTheScreenHasSettled } from './support/vehicle';

// docs/decisions/0030-application-reference.md: the short reference on the outcome pages and in
// the back office's search; the admins' CSV export; an application's delivery attempts with
// "Redeliver". Staff added with the command line and signed in with TOTP, keyboard only.

/**
 * A dead letter for an application, written straight into the server's database: the e2e server
 * has no receiver configured (playwright.config.ts), so nothing could fail to deliver on its own.
 */
function deadLetterFor(submissionKey: string): void {
  const db = new Database(databasePath(), { fileMustExist: true });
  try {
    const at = new Date().toISOString();
    db.prepare(
      `insert into delivery_events (event_id, endpoint, event_type, body, created_at, attempts,
         next_attempt_at, dead_at, last_error, application_row_id)
       values (?, 'webhook-1', 'application.decided', '{}', ?, 6, ?, ?, 'HTTP 503',
         (select id from applications where submission_key = ?))`,
    ).run(`msg_${randomUUID().replace(/-/g, '')}`, at, at, at, submissionKey);
  } finally {
    db.close();
  }
}

test.describe.configure({ mode: 'serial' });

test.describe('the reference, the export and delivery attempts', () => {
  test('the outcome pages show the reference, and only a well-formed one', async ({
    page,
    request,
  }) => {
    const { key, payload } = application({ firstName: 'Ada', lastName: 'Lovelace' });
    const submitted = await request.post(`/api/submission/${key}`, { data: payload });
    expect(submitted.status()).toBe(200);
    const answer = (await submitted.json()) as { applicationId: string; reference: string };
    expect(answer.reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);

    await iHaveAnsweredTheCookieBanner(page);
    const pages = [
      [
        'complete',
        `/complete?evoId=${answer.applicationId}&ref=${answer.reference}`,
        'Application sent',
      ],
      [
        'declined',
        `/declined?ref=${answer.reference}`,
        "We're sorry, we cannot help with this application",
      ],
      ['duplicate', `/duplicate?ref=${answer.reference}`, 'You have already applied'],
    ] as const;
    for (const [name, url, heading] of pages) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main).toContainText(`Your reference number${answer.reference}`);
      await whenTheScreenHasSettled(page);
      await expectNoAxeViolations(page);
      // Everything after the reference is reachable with Tab.
      await iTabTo(page, main.getByRole('link', { name: /@/ }));
      await snap(page, `reference-${name}`);
    }

    // A link with made-up text, or a reference whose check character is wrong, shows none.
    const wrong = answer.reference[7] === 'A' ? 'B' : 'A';
    for (const ref of ['CALL 0900 000 000', answer.reference.slice(0, 7) + wrong]) {
      await page.goto(`/declined?ref=${encodeURIComponent(ref)}`);
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: "We're sorry, we cannot help with this application",
        }),
      ).toBeVisible();
      await expect(page.getByText('Your reference number')).toHaveCount(0);
    }
  });

  test('an admin finds an application by its reference, exports the list and redelivers a dead letter', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { key, payload } = application({ firstName: 'Grace', lastName: 'Hopper' });
    const submitted = await request.post(`/api/submission/${key}`, { data: payload });
    expect(submitted.status()).toBe(200);
    const { reference } = (await submitted.json()) as { reference: string };
    deadLetterFor(key);

    await signedInAs(page, 'admin');

    // Search by the reference as someone reads it out: in two groups, lower case.
    const spoken = `${reference.slice(0, 4)} ${reference.slice(4)}`.toLowerCase();
    await iTypeInto(page, page.getByRole('searchbox', { name: 'Search' }), spoken);
    await iPressEnterOn(page, page.getByRole('button', { name: 'Search' }));
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Grace Hopper');
    await expect(rows.nth(1).getByRole('cell', { name: reference })).toBeVisible();
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-reference-search');

    // The search text is in no address: not the page's, not the list's request's
    // (docs/decisions/0052-search-texts-off-the-url.md).
    expect(page.url()).not.toContain(reference.slice(4).toLowerCase());

    // Export: the same filters and text, as CSV, asked for in a POST body.
    const exportButton = page.getByRole('button', { name: 'Export as CSV' });
    const asked = page.waitForRequest('**/api/staff/applications/export');
    const downloading = page.waitForEvent('download');
    await iPressEnterOn(page, exportButton);
    const exported = await asked;
    expect(exported.method()).toBe('POST');
    expect(new URL(exported.url()).search).toBe('');
    expect(exported.postDataJSON()).toEqual({ q: spoken });
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('applications.csv');
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toMatch(/^Reference,Application id,Received \(UTC\),/);
    expect(csv.slice(1).filter(Boolean)).toHaveLength(1);
    expect(csv[1]).toMatch(new RegExp(`^${reference},.*,Grace Hopper,`));

    // The detail: the reference and the delivery attempts.
    await iPressEnterOn(page, page.getByRole('link', { name: 'Grace Hopper' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeFocused();
    await expect(page.getByRole('definition').filter({ hasText: reference })).toBeVisible();
    const deliveries = page.getByRole('region', { name: 'Delivery attempts' });
    const event = deliveries.getByRole('row').nth(1);
    await expect(event).toContainText('application.decided');
    await expect(event).toContainText('webhook-1');
    await expect(event).toContainText('HTTP 503');
    await expect(event).toContainText('Dead letter');
    await expectNoAxeViolations(page);
    await deliveries.scrollIntoViewIfNeeded();
    await snap(page, 'back-office-deliveries');

    await iPressEnterOn(
      page,
      deliveries.getByRole('button', { name: 'Redeliver application.decided to webhook-1' }),
    );
    await expect(deliveries.getByRole('status')).toHaveText(
      'application.decided to webhook-1 will be delivered again',
    );
    await expect(event).toContainText('Waiting');
    await expect(event).toContainText('None');
    await expect(deliveries.getByRole('button', { name: /Redeliver/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-redelivered');
  });

  test('an agent sees no export button, and the server refuses the export', async ({ page }) => {
    test.setTimeout(90_000);
    await signedInAs(page, 'agent');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export as CSV' })).toHaveCount(0);
    const { csrfToken } = (await (await page.request.get('/api/staff/session')).json()) as {
      csrfToken: string;
    };
    const refused = await page.request.post('/api/staff/applications/export', {
      data: {},
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: 'forbidden' });
  });
});
