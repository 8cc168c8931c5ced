import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAxeViolations } from './support/axe';
import { databasePath } from './support/db';
import { iPressEnterOn, iSelectWithArrows, iTypeInto } from './support/keyboard';
import { snap } from './support/screenshots';

// The funnel end to end (docs/funnel.md): an applicant's page reports its step once, without a
// cookie; an auditor signs in and reads the funnel chart and its tables, filters it, keyboard only.

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'plum orbit lantern seventeen';

function addStaff(email: string, role: string): string {
  const output = execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'packages/server/dist/staff/cli.js'),
      'add',
      '--email',
      email,
      '--name',
      'Grace Hopper',
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

function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

async function signInAs(page: Page, role: string): Promise<void> {
  const email = `grace.${randomUUID().slice(0, 8)}@broker.example`;
  await page.goto(`/back-office/setup${addStaff(email, role)}`);
  const secret = (await page.locator('#totp-secret').innerText()).replace(/\s/g, '');
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
}

async function startedToday(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/staff/funnel');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { steps: { step: string; count: number }[] };
  return body.steps.find((step) => step.step === 'start')?.count ?? 0;
}

test.describe('back office funnel', () => {
  test('an applicant’s step is counted once; the funnel chart and tables, filtered, by keyboard', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'auditor');
    const before = await startedToday(page.request);

    // An applicant, in a browser of their own, opens the first step and reloads it.
    const applicant = await browser.newContext();
    const applicantPage = await applicant.newPage();
    const beacon = applicantPage.waitForRequest(
      (sent) => sent.url().endsWith('/api/funnel') && sent.method() === 'POST',
    );
    await applicantPage.goto('/');
    const sent = await beacon;
    expect(JSON.parse(sent.postData() ?? '{}')).toEqual({
      step: 'start',
      branch: 'vehicle',
      affiliate: 'default',
    });
    // No cookie goes with it, and none is set.
    expect(await sent.headerValue('cookie')).toBeNull();
    expect(await applicant.cookies()).toEqual([]);
    await expect.poll(() => startedToday(page.request)).toBe(before + 1);
    await applicantPage.reload();
    await expect
      .poll(() =>
        applicantPage.evaluate(() => window.sessionStorage.getItem('broker-funnel') ?? ''),
      )
      .toContain('"s":["start"]');
    await applicantPage.waitForTimeout(2500);
    expect(await startedToday(page.request)).toBe(before + 1);
    await applicant.close();

    // More applications' steps, as their pages post them.
    const steps: [string, string, number][] = [
      ['start', 'vehicle', 11],
      ['loan-type', 'vehicle', 9],
      ['looking-to-buy', 'vehicle', 8],
      ['date-of-birth', 'vehicle', 6],
      ['contact', 'vehicle', 5],
      ['complete', 'vehicle', 3],
      ['declined', 'vehicle', 1],
      ['start', 'secured', 4],
      ['looking-to-borrow', 'secured', 3],
      ['duplicate', 'secured', 1],
    ];
    for (const [step, branch, times] of steps) {
      for (let i = 0; i < times; i += 1) {
        const response = await request.post('/api/funnel', { data: { step, branch } });
        expect(response.status()).toBe(204);
      }
    }

    // The funnel screen, reached from the header by keyboard.
    await iPressEnterOn(page, page.getByRole('link', { name: 'Funnel' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
    const stepsTable = page.getByRole('table', { name: 'Applications reaching each step' });
    await expect(stepsTable.getByRole('row', { name: /^Loan type 9 / })).toBeVisible();
    await expect(page.locator('.funnel-chart__row')).not.toHaveCount(0);
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-funnel');

    // Only the secured journey.
    await iSelectWithArrows(page, page.getByLabel('Journey'), 'Secured');
    await iPressEnterOn(page, page.getByRole('button', { name: 'Show' }));
    await expect(page).toHaveURL(/\/back-office\/funnel\?.*branch=secured/);
    await expect(stepsTable.getByRole('row', { name: 'Start 4 – –' })).toBeVisible();
    await expect(
      stepsTable.getByRole('row', { name: 'Looking to borrow 3 1 25.0%' }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Outcomes' })).toContainText('Duplicate1');
    // One of the four secured applications reached an outcome.
    await expect(page.locator('.summary-figures')).toHaveText(
      'Started4Reached an outcome1Completion rate25.0%',
    );
    await expectNoAxeViolations(page);
    await snap(page, 'back-office-funnel-secured');
  });
});
