import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAxeViolations } from './support/axe';
import { addStaff, application, nextCode, PASSWORD, setUp } from './support/back-office';
import { iPressEnterOn, iSelectWithArrows, iTypeInto } from './support/keyboard';
import { snap } from './support/screenshots';

// The back office end to end (docs/back-office.md): a member of staff added with the command
// line, set up through the one-time link, signed in with a TOTP code computed here from the
// secret the set-up screen shows, then a search and an application's detail. Keyboard only.

test.describe.configure({ mode: 'serial' });

test.describe('back office', () => {
  test('set-up, sign-in with TOTP, a search and an application, by keyboard alone', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // A vehicle application: the needs questions are asked on the secured path only, and an
    // answer off the path is refused (docs/decisions/0064-only-the-path-is-sent.md).
    const { key, payload } = application({});
    const submitted = await request.post(`/api/submission/${key}`, { data: payload });
    expect(submitted.status()).toBe(200);

    const email = `mary.${randomUUID().slice(0, 8)}@broker.example`;
    const hash = addStaff(email, 'admin');

    // Set-up: password and authenticator.
    const secret = await setUp(page, hash);
    await expect(
      page.getByText('otpauth://totp/Broker%20back%20office:', { exact: false }),
    ).toBeAttached();
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-setup');

    await iTypeInto(page, page.getByLabel('Choose a password'), 'password1234');
    await iTypeInto(
      page,
      page.getByLabel('Code from your authenticator app'),
      await generate({ secret }),
    );
    await iPressEnterOn(page, page.getByRole('button', { name: 'Finish setting up' }));
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(
      'This password is too easy to guess. Choose a longer one, such as 3 or 4 unrelated words',
    );
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-setup-error');

    await iTypeInto(page, page.getByLabel('Choose a password'), PASSWORD);
    await iTypeInto(
      page,
      page.getByLabel('Code from your authenticator app'),
      await generate({ secret }),
    );
    await iPressEnterOn(page, page.getByRole('button', { name: 'Finish setting up' }));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account is ready' }),
      // scrypt's 128 MiB hash takes a while on a busy machine.
    ).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page);

    // Sign-in: password, then the code.
    await iPressEnterOn(page, page.getByRole('link', { name: 'Sign in' }));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to the back office' }),
    ).toBeFocused();
    await iPressEnterOn(page, page.getByRole('button', { name: 'Continue' }));
    await expect(page.getByRole('alert').getByRole('link')).toHaveText([
      'Enter your e-mail address',
      'Enter your password',
    ]);
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-sign-in-error');

    await iTypeInto(page, page.getByLabel('E-mail address'), email);
    await iTypeInto(page, page.getByLabel('Password'), PASSWORD);
    await snap(page, 'back-office-sign-in');
    await iPressEnterOn(page, page.getByRole('button', { name: 'Continue' }));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Enter your authenticator code' }),
    ).toBeFocused({ timeout: 20_000 });
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-sign-in-code');
    await iTypeInto(
      page,
      page.getByLabel('Code from your authenticator app'),
      await nextCode(secret),
    );
    await page.keyboard.press('Enter');

    // The list.
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-list');

    // A search by name: sent in a POST body, never in an address (decision 0052).
    await iTypeInto(page, page.getByRole('searchbox', { name: 'Search' }), 'katherine johnson');
    const searched = page.waitForRequest('**/api/staff/applications/search');
    await iPressEnterOn(page, page.getByRole('button', { name: 'Search' }));
    const search = await searched;
    expect(search.method()).toBe('POST');
    expect(search.postDataJSON()).toEqual({ q: 'katherine johnson' });
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toContainText('Katherine Johnson');
    expect(page.url()).not.toMatch(/katherine/i);
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-search');

    // The application; Back returns to the search, kept with the history entry.
    await iPressEnterOn(page, page.getByRole('link', { name: 'Katherine Johnson' }).first());
    await expect(page.getByRole('heading', { level: 1, name: 'Katherine Johnson' })).toBeFocused();
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('katherine johnson');
    await expect(rows.nth(1)).toContainText('Katherine Johnson');
    await iPressEnterOn(page, page.getByRole('link', { name: 'Katherine Johnson' }).first());
    await expect(page.getByRole('heading', { level: 1, name: 'Katherine Johnson' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 3, name: 'Current address' })).toBeVisible();
    await expect(page.getByText('Langley Research Center')).toBeVisible();
    // Each answer chosen from a list reads as the label the applicant saw, not the payload's code.
    const answer = (section: string, key: string) =>
      page
        .locator('.check-answers__section')
        .filter({ has: page.getByRole('heading', { level: 2, name: section, exact: true }) })
        .locator('.summary-list__row')
        .filter({ has: page.getByRole('term').getByText(key, { exact: true }) })
        .getByRole('definition');
    await expect(answer('Your loan', 'Loan purpose')).toHaveText('A vehicle');
    await expect(answer('Your loan', 'Type of finance')).toHaveText('Hire purchase');
    await expect(answer('Your loan', 'Found a vehicle')).toHaveText('Yes, I have found a vehicle');
    await expect(answer('About you', 'Driving licence')).toHaveText('Full UK licence');
    await expect(answer('Address history', 'Residential status')).toHaveText('Private tenant');
    await expect(answer('Employment', 'Employment status')).toHaveText('Employed full time');
    for (const code of ['HirePurchase', 'FoundVehicle', 'FullUK', 'PrivateTenant', 'FullTime']) {
      await expect(page.getByRole('definition').getByText(code, { exact: true })).toHaveCount(0);
    }
    // What the lender panel found (docs/lender-panel.md): the quote and each refusal as stored.
    await expect(page.getByRole('heading', { level: 3, name: 'Indicative quote' })).toBeVisible();
    const quote = page.getByRole('definition').filter({ hasText: 'Prime motor finance' });
    await expect(quote).toHaveText('Prime motor finance');
    // A vehicle loan: the lenders of loans secured on a home are not listed as refusing it.
    await expect(
      page.getByRole('heading', { level: 4, name: 'Hearthstone Homeowner Loans (fictional)' }),
    ).toHaveCount(0);
    await expect(
      page.getByText('2 lenders on the panel do not lend on this kind of loan and are not listed.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-detail');

    // Work: assign, a status change and a note, each kept with who and when.
    await iPressEnterOn(page, page.getByRole('button', { name: 'Assign to me' }));
    const history = page.getByRole('list').filter({ hasText: 'Assigned to' });
    await expect(history.getByRole('listitem').first()).toContainText(`Assigned to ${email}`);
    await iSelectWithArrows(page, page.getByLabel('New status'), 'Contacted');
    await iPressEnterOn(page, page.getByRole('button', { name: 'Change status' }));
    await expect(history.getByRole('listitem').first()).toContainText('Status: Contacted');
    await iPressEnterOn(page, page.getByRole('button', { name: 'Add note' }));
    await expect(page.getByRole('alert').getByRole('link')).toHaveText('Enter a note');
    await expectNoAxeViolations(page);
    await iTypeInto(page, page.getByLabel('Add a note'), 'Called; she asked for a letter instead.');
    await iPressEnterOn(page, page.getByRole('button', { name: 'Add note' }));
    await expect(history.getByRole('listitem').first()).toContainText(
      'Called; she asked for a letter instead.',
    );
    await expect(history.getByRole('listitem').first()).toContainText(email);
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-detail-work');

    // The list, assigned to me.
    await iPressEnterOn(page, page.getByRole('link', { name: 'Applications', exact: true }));
    await iSelectWithArrows(page, page.getByLabel('Assigned'), 'To me');
    await iPressEnterOn(page, page.getByRole('button', { name: 'Search' }));
    await expect(page).toHaveURL(/assigned=me/);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(
      'Contacted (yours)',
    );
    await expectNoAxeViolations(page);

    // Staff management (admins).
    await iPressEnterOn(page, page.getByRole('link', { name: 'Staff' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeFocused();
    await expect(page.getByRole('cell', { name: email })).toBeVisible();
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-staff');

    // The audit log: this session's search and view are in it, and the chain is intact.
    await iPressEnterOn(page, page.getByRole('link', { name: 'Audit log' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeFocused();
    await expect(page.getByRole('status')).toContainText('entries is intact');
    const auditRows = page.getByRole('table').getByRole('row');
    await expect(auditRows.filter({ hasText: 'Viewed an application' }).first()).toContainText(
      'Mary Jackson',
    );
    await expect(auditRows.filter({ hasText: 'Search kind: name' }).first()).toContainText(
      'Searched the applications',
    );
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-audit');

    // Sign out.
    await iPressEnterOn(page, page.getByRole('button', { name: 'Sign out' }));
    await expect(page.getByRole('status')).toHaveText('You have signed out');
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-signed-out');
    const after = await page.request.post('/api/staff/applications/search', { data: {} });
    expect(after.status()).toBe(401);
  });

  test('a used or made-up set-up link says so', async ({ page }) => {
    await page.goto(`/back-office/setup#${'x'.repeat(43)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This set-up link cannot be used' }),
    ).toBeVisible();
    await expect(
      page.getByText('This set-up link is not valid or has expired. Ask an admin for a new one'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-setup-invalid');
  });

  test('an applicant’s page never fetches the back office’s code', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.filter((pathname) => pathname.startsWith('/back-office'))).toEqual([]);
  });

  test('the back office sends its own strict CSP', async ({ page }) => {
    const response = await page.goto('/back-office/');
    expect(response?.headers()['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'; form-action 'self'",
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to the back office' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
