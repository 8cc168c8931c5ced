import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signedInAs } from './support/back-office';
import { iPressEnterOn, iSelectWithArrows } from './support/keyboard';
import { snap } from './support/screenshots';

// The funnel end to end (docs/funnel.md): an applicant's page reports its step once, without a
// cookie; an auditor signs in and reads the funnel chart and its tables, filters it, keyboard only.

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
    await signedInAs(page, 'auditor');
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
    // Counted. At least once: the site's count of the day is shared with the specs running beside
    // this one, and one that opens the first step without answering the cookie banner adds to it.
    await expect.poll(() => startedToday(page.request)).toBeGreaterThanOrEqual(before + 1);
    // Once: the reloaded page does not report the step again.
    const reportedAgain: string[] = [];
    applicantPage.on('request', (sent) => {
      if (sent.url().endsWith('/api/funnel') && sent.method() === 'POST') {
        reportedAgain.push(sent.postData() ?? '');
      }
    });
    await applicantPage.reload();
    await expect
      .poll(() =>
        applicantPage.evaluate(() => window.sessionStorage.getItem('broker-funnel') ?? ''),
      )
      .toContain('"s":["start"]');
    await applicantPage.waitForTimeout(2500);
    expect(reportedAgain).toEqual([]);
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
