import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAxeViolations } from './support/axe';
import { addStaff, PASSWORD, setUp, signedInAs } from './support/back-office';
import { iPressEnterOn, iTypeInto } from './support/keyboard';
import { snap } from './support/screenshots';

// Sign-in that protects the account without letting a stranger deny it
// (docs/decisions/0055-staff-lockout-by-account-and-address.md): a member locked by wrong
// passwords is unlocked by an admin on the Staff screen, keyboard only; the set-up screen says
// why a password is refused.

test.describe.configure({ mode: 'serial' });

/** A member set up through the API with the link the command line printed; their e-mail. */
async function aMemberSetUpByApi(request: APIRequestContext): Promise<string> {
  const email = `grace.${randomUUID().slice(0, 8)}@broker.example`;
  const token = addStaff(email, 'agent').slice(1);
  const opened = await request.post('/api/staff/setup/start', { data: { token } });
  const { totpSecret } = (await opened.json()) as { totpSecret: string };
  const done = await request.post('/api/staff/setup/complete', {
    data: { token, password: PASSWORD, code: await generate({ secret: totpSecret }) },
  });
  expect(done.status()).toBe(200);
  return email;
}

test.describe('back office: sign-in protection', () => {
  test('an admin unlocks a member whom wrong passwords locked, by keyboard alone', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const member = await aMemberSetUpByApi(request);
    const signInAsMember = (password: string) =>
      request.post('/api/staff/sign-in', { data: { email: member, password } });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signInAsMember(`not it ${attempt}`)).status()).toBe(401);
    }
    const locked = await signInAsMember(PASSWORD);
    expect(locked.status()).toBe(429);

    await signedInAs(page, 'admin');
    await iPressEnterOn(page, page.getByRole('link', { name: 'Staff' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeFocused();
    const row = page.getByRole('row').filter({ hasText: member });
    await expect(row).toContainText(/Locked until \d\d:\d\d/);
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-staff-locked');

    await iPressEnterOn(page, row.getByRole('button', { name: `Unlock ${member}` }));
    await expect(page.getByRole('status')).toHaveText(
      `${member} is unlocked: their failed sign-ins no longer count, and they can sign in again.`,
    );
    await expect(row).not.toContainText('Locked');
    await expect(row.getByRole('button', { name: `Unlock ${member}` })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-staff-unlocked');

    expect((await signInAsMember(PASSWORD)).status()).toBe(200);

    // The unlock is in the audit log, with who did it.
    await iPressEnterOn(page, page.getByRole('link', { name: 'Audit log' }));
    await expect(
      page
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: 'Unlocked a member of staff' })
        .first(),
    ).toBeVisible();
  });

  test('the set-up screen refuses an easy password and the member’s own e-mail, saying why', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const email = `ada.${randomUUID().slice(0, 8)}@broker.example`;
    const secret = await setUp(page, addStaff(email, 'agent'));
    const summary = page.getByRole('alert');

    for (const [password, message] of [
      [
        '123456789012',
        'This password is too easy to guess. Choose a longer one, such as 3 or 4 unrelated words',
      ],
      [email, 'Your password must not contain your name or e-mail address'],
    ] as const) {
      await iTypeInto(page, page.getByLabel('Choose a password'), password);
      await iTypeInto(
        page,
        page.getByLabel('Code from your authenticator app'),
        await generate({ secret }),
      );
      await iPressEnterOn(page, page.getByRole('button', { name: 'Finish setting up' }));
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toHaveText(message);
      await expect(page.getByText(`Error: ${message}`)).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await snap(page, 'back-office-setup-personal-password');
  });
});
