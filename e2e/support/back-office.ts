import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { submissionPayloadSchema } from '@broker/domain';
import { applicantPayload } from '@broker/domain/testing';
import { databasePath } from './db';
import { iPressEnterOn, iTypeInto } from './keyboard';
import { personFor } from './seeded-application';

// What every back-office browser spec needs (docs/back-office.md): a member of staff added with
// the command line, the one-time set-up link, TOTP codes computed from the shown secret, and an
// application to post through the API.

const ROOT = path.resolve(import.meta.dirname, '../..');
export const PASSWORD = 'plum orbit lantern seventeen';

/** `npm run staff -- add ...` as the README documents it, against the e2e server's database. */
export function addStaff(email: string, role: string): string {
  const output = execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'packages/server/dist/staff/cli.js'),
      'add',
      '--email',
      email,
      '--name',
      'Mary Jackson',
      '--role',
      role,
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: databasePath(),
        PUBLIC_BASE_URL: 'http://unused.example',
      },
      encoding: 'utf8',
    },
  );
  const link = output.split('\n').find((line) => line.includes('/back-office/setup#'));
  if (!link) throw new Error(`no set-up link in: ${output}`);
  return new URL(link).hash;
}

/**
 * A complete vehicle application to post under its own key: the shared test applicant's payload
 * (`@broker/domain/testing`) for Dr Katherine Johnson of Langley Research Center, the name and
 * employer the back-office specs look for, with a phone, e-mail and date of birth of her own per
 * key (the same person again within the duplicate window is answered as a duplicate, with no
 * lender panel decision: docs/decisions/0018-duplicate-window.md). `overrides` replaces any field.
 */
export function application(overrides: Record<string, unknown>) {
  const key = randomUUID();
  const person = {
    ...personFor(key),
    title: 'Dr' as const,
    firstName: 'Katherine',
    lastName: 'Johnson',
  };
  const built = submissionPayloadSchema.parse(
    applicantPayload('vehicle', { sessionId: key, person }),
  );
  const employments = built.employments.map((job) => ({
    ...job,
    occupation: 'Mathematician',
    employerName: 'Langley Research Center',
    Town: 'Hampton',
  }));
  return { key, payload: { ...built, employments, ...overrides } };
}

/** A code the server has not seen yet: the next 30-second step (the server accepts ±1 step). */
export function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

export async function setUp(page: Page, hash: string): Promise<string> {
  await page.goto(`/back-office/setup${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
  // The token leaves the address bar.
  expect(new URL(page.url()).hash).toBe('');
  const secret = (await page.locator('#totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  return secret;
}

/**
 * A new member of staff with `role`, set up from the command line's link and signed in with a
 * password and a TOTP code, keyboard only; ends on the Applications list. Returns the e-mail.
 */
export async function signedInAs(page: Page, role: string): Promise<string> {
  const email = `mary.${randomUUID().slice(0, 8)}@broker.example`;
  const secret = await setUp(page, addStaff(email, role));
  await iTypeInto(page, page.getByLabel('Choose a password'), PASSWORD);
  await iTypeInto(
    page,
    page.getByLabel('Code from your authenticator app'),
    await generate({ secret }),
  );
  await iPressEnterOn(page, page.getByRole('button', { name: 'Finish setting up' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is ready' })).toBeVisible({
    timeout: 20_000,
  });
  await iPressEnterOn(page, page.getByRole('link', { name: 'Sign in' }));
  await iTypeInto(page, page.getByLabel('E-mail address'), email);
  await iTypeInto(page, page.getByLabel('Password'), PASSWORD);
  await iPressEnterOn(page, page.getByRole('button', { name: 'Continue' }));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Enter your authenticator code' }),
  ).toBeFocused({ timeout: 20_000 });
  await iTypeInto(
    page,
    page.getByLabel('Code from your authenticator app'),
    await nextCode(secret),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  return email;
}
