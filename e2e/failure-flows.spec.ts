import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { STORAGE_KEY } from '../packages/web/src/state/storage';
import { expectNoAxeViolations } from './support/axe';
import { whenTheAppHasTakenOver } from './support/page-load';
import { findApplication, payloadOf, readApplications, waitForApplication } from './support/db';
import { iPressEnterOn, iTickWithSpace } from './support/keyboard';
import { snap } from './support/screenshots';
import { applicationAtSubmit, personFor } from './support/seeded-application';
import { serialiseState } from '@broker/domain';
import { ADA, applicantStateAt } from '@broker/domain/testing';
import { thenIShouldBeOn, thenIShouldSeeTheHeading } from './support/user';
import {
  VEHICLE_APPLICANT,
  andIContinueToTheNextScreen,
  answerThisScreen,
  completeVehicleJourneyUpTo,
  whenTheScreenHasSettled,
} from './support/vehicle';

// Decisions 0015 and 0016 (docs/decisions/): a failed submission loses
// nothing and can be sent again under the same key; the failures are reported with docs/product.md §8's
// texts; the terms are agreed on the contact screen, so an abandoned application is a lead.

const NO_QUOTE = {
  duplicateRequest: false,
  declineReason: null,
  quoteValid: false,
  quoteProcessed: false,
  dealerNumber: null,
  applicationId: null,
};

interface Seen {
  key: string;
  /** Full submissions as they left the browser, in order. */
  attempts: Request[];
  /** Everything posted to /api/client-errors. */
  reports: Record<string, unknown>[];
  /** Every partial save, in order. */
  partials: Request[];
}

/**
 * Opens /submit with a complete application in sessionStorage and lets `handle` decide each full
 * submission (the glob's `*` stops at a slash, so partial saves are not among them).
 */
async function atTheSubmitStep(
  page: Page,
  handle: (route: Route, attempt: number) => Promise<void>,
): Promise<Seen> {
  const key = randomUUID();
  const seen: Seen = { key, attempts: [], reports: [], partials: [] };
  await page
    .context()
    .addCookies([{ name: 'cookie_consent', value: 'rejected', domain: '127.0.0.1', path: '/' }]);
  await page.addInitScript(
    ([storageKey, value]) => {
      // Once per tab: a reload must not bring back answers the app has cleared.
      if (sessionStorage.getItem('e2e-seeded') !== null) return;
      sessionStorage.setItem('e2e-seeded', '1');
      sessionStorage.setItem(storageKey, value);
    },
    [STORAGE_KEY, applicationAtSubmit(key)] as const,
  );
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/client-errors') {
      seen.reports.push(request.postDataJSON() as Record<string, unknown>);
    } else if (url.pathname.startsWith('/api/submission/partial/')) {
      seen.partials.push(request);
    }
  });
  await page.route('**/api/submission/*', async (route) => {
    seen.attempts.push(route.request());
    await handle(route, seen.attempts.length);
  });
  await page.goto('/submit');
  await thenIShouldBeOn(page, '/submit');
  return seen;
}

function storedFor(key: string) {
  return readApplications().filter((row) => row.submission_key === key);
}

async function storedAnswers(page: Page): Promise<string | null> {
  return page.evaluate((storageKey) => sessionStorage.getItem(storageKey), STORAGE_KEY);
}

async function companyPhone(page: Page): Promise<string> {
  const config = (await (await page.request.get('/api/config')).json()) as {
    company: { phone: string };
  };
  return config.company.phone;
}

/** Submit, by the keyboard. */
async function iSubmit(page: Page): Promise<void> {
  await iPressEnterOn(page, page.getByRole('button', { name: 'Submit application' }));
}

/** The page a failed submission lands on (allowing for the client's 7 s of retries). */
async function thenIAmToldItWasNotSent(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/error', { timeout: 20_000 });
  await thenIShouldSeeTheHeading(page, 'Your application has not been sent');
  const main = page.getByRole('main');
  await expect(main).toContainText(
    'Your answers are kept on this device, so you do not need to fill in the form again.',
  );
  await expect(main.getByRole('button', { name: 'Try again' })).toBeVisible();
  const phone = await companyPhone(page);
  await expect(main.getByRole('link', { name: phone })).toHaveAttribute(
    'href',
    `tel:${phone.replace(/\s+/g, '')}`,
  );
  // The answers are still there, under the same key.
  expect(await storedAnswers(page)).toContain(ADA.lastName);
}

async function thenItIsSentOnce(page: Page, seen: Seen, attempts: number): Promise<void> {
  await thenIShouldBeOn(page, '/complete');
  await thenIShouldSeeTheHeading(page, 'Application sent');
  await page.waitForTimeout(500);
  expect(seen.attempts).toHaveLength(attempts);
  for (const attempt of seen.attempts) {
    expect(new URL(attempt.url()).pathname).toBe(`/api/submission/${seen.key}`);
  }
  const rows = storedFor(seen.key);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'complete', outcome: 'approved' });
  // An outcome: only now are the answers cleared.
  expect((await storedAnswers(page)) ?? '').not.toContain(ADA.lastName);
  // No partial save follows the full submission.
  expect(seen.partials).toEqual([]);
}

test.describe('a failed submission loses nothing (decision 0016)', () => {
  test.describe.configure({ timeout: 60_000 });

  test('network down at Submit: after the retries, the not-sent page, reported, then Try again', async ({
    page,
  }) => {
    const seen = await atTheSubmitStep(page, async (route, attempt) => {
      // The first attempt and the client's three retries meet a dead connection.
      if (attempt <= 4) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await iSubmit(page);
    await thenIAmToldItWasNotSent(page);
    expect(seen.attempts).toHaveLength(4);
    expect(storedFor(seen.key)).toEqual([]);
    await expect
      .poll(() => seen.reports.filter((report) => report.operation === 'submitApplication'))
      .toEqual([
        expect.objectContaining({
          kind: 'failure',
          operation: 'submitApplication',
          name: 'NetworkError',
          message: 'Network Error',
        }),
      ]);
    await whenTheScreenHasSettled(page);
    await expectNoAxeViolations(page);
    await snap(page, 'submission-not-sent');

    await iPressEnterOn(page, page.getByRole('button', { name: 'Try again' }));
    await thenItIsSentOnce(page, seen, 5);
  });

  test('a 5xx after the server stored it: the answers survive check-your-answers, and one row', async ({
    page,
  }) => {
    const seen = await atTheSubmitStep(page, async (route, attempt) => {
      if (attempt === 1) {
        // The request arrives and is stored; the answer is lost on the way back.
        await route.fetch();
        await route.fulfill({ status: 500, json: { error: 'internal_error' } });
      } else {
        await route.continue();
      }
    });
    await iSubmit(page);
    await thenIAmToldItWasNotSent(page);
    expect(seen.attempts).toHaveLength(1);
    expect(storedFor(seen.key)).toHaveLength(1);

    // Check your answers no longer sends the applicant to the first screen.
    await iPressEnterOn(page, page.getByRole('link', { name: 'check your answers' }));
    await thenIShouldBeOn(page, '/before-you-submit');
    await expect(page.getByRole('main')).toContainText(ADA.lastName);
    await andIContinueToTheNextScreen(page);
    await thenIShouldBeOn(page, '/submit');
    await iSubmit(page);
    // The server answers the same key with its first answer: the application is not stored twice.
    await thenItIsSentOnce(page, seen, 2);
  });

  test('a 429 with Retry-After: "still sending" while it waits, then sent, never the error page', async ({
    page,
  }) => {
    let limitedAt = 0;
    const seen = await atTheSubmitStep(page, async (route, attempt) => {
      if (attempt === 1) {
        limitedAt = Date.now();
        await route.fulfill({
          status: 429,
          headers: { 'Retry-After': '6' },
          json: { error: 'rate_limited' },
        });
      } else {
        await route.continue();
      }
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
    await iSubmit(page);
    const status = page.getByRole('status').filter({ hasText: 'Still sending' });
    await expect(status).toHaveText(
      'Still sending your application. We are busy just now, so it will be sent again in 6 seconds. Please keep this page open.',
    );
    await expectNoAxeViolations(page);
    await snap(page, 'submit-still-sending');

    // Sent again only after the 6 seconds Retry-After asks for: wait for that, not the default 5 s.
    await expect(page).toHaveURL(/\/complete(\?|$)/, { timeout: 20_000 });
    await thenItIsSentOnce(page, seen, 2);
    expect(seen.attempts[1]!.timing().startTime - limitedAt).toBeGreaterThanOrEqual(5_700);
    expect(visited).not.toContain('/error');
  });

  test('an answer with neither quote flag: not sent, reported as NoQuote; Try again, one row', async ({
    page,
  }) => {
    const seen = await atTheSubmitStep(page, async (route, attempt) => {
      if (attempt === 1) {
        await route.fetch();
        await route.fulfill({ status: 200, json: NO_QUOTE });
      } else {
        await route.continue();
      }
    });
    await iSubmit(page);
    await thenIAmToldItWasNotSent(page);
    await expect
      .poll(() => seen.reports.filter((report) => report.operation === 'submitApplication'))
      .toEqual([expect.objectContaining({ kind: 'failure', name: 'NoQuote' })]);

    await iPressEnterOn(page, page.getByRole('button', { name: 'Try again' }));
    await thenItIsSentOnce(page, seen, 2);
  });
});

/**
 * Opens `path` with the application answered up to it, by a deep link (the address typed in):
 * the page is the server's, and the app then runs with the answers from this tab's storage.
 */
async function iOpenWithMyAnswers(page: Page, path: string, key: string): Promise<void> {
  await page
    .context()
    .addCookies([{ name: 'cookie_consent', value: 'rejected', domain: '127.0.0.1', path: '/' }]);
  const state = serialiseState(
    applicantStateAt('vehicle', path, { sessionId: key, person: personFor(key) }),
  );
  await page.addInitScript(
    ([storageKey, value]) => {
      if (sessionStorage.getItem('e2e-seeded') !== null) return;
      sessionStorage.setItem('e2e-seeded', '1');
      sessionStorage.setItem(storageKey, value);
    },
    [STORAGE_KEY, state] as const,
  );
  await page.goto(path);
  await thenIShouldBeOn(page, path);
  // Not only the shell's heading: the screen the app rendered, with what a press needs fetched.
  await whenTheAppHasTakenOver(page);
  await whenTheScreenHasSettled(page);
}

/** Submissions that reached the server and came back answered, as the browser saw them. */
function answeredSubmissions(page: Page): string[] {
  const answered: string[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && /^\/api\/submission\/[^/]+$/.test(url.pathname)) {
      answered.push(url.pathname);
    }
  });
  return answered;
}

/**
 * The connection goes once the submit screen is up, and "Submit application" is pressed: the
 * not-sent page with Try again; back online, Try again sends it, once
 * (docs/decisions/0073-submit-never-silent.md).
 */
async function thenWithTheConnectionGoneItIsNotSentAndTryAgainSendsItOnce(
  page: Page,
  key: string,
): Promise<void> {
  const answered = answeredSubmissions(page);
  await thenIShouldSeeTheHeading(page, 'Submit your application');
  await page.context().setOffline(true);
  await iSubmit(page);
  await thenIAmToldItWasNotSent(page);
  // Nothing was sent (Continue from check-your-answers saved it as a lead, before the cut).
  expect(storedFor(key).filter((row) => row.status === 'complete')).toEqual([]);
  await whenTheScreenHasSettled(page);
  await expectNoAxeViolations(page);
  await snap(page, 'submission-not-sent-offline');

  await page.context().setOffline(false);
  await iPressEnterOn(page, page.getByRole('button', { name: 'Try again' }));
  await thenIShouldBeOn(page, '/complete');
  await thenIShouldSeeTheHeading(page, 'Application sent');
  const rows = storedFor(key);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'complete', outcome: 'approved' });
  await expect(page.getByRole('main')).toContainText(`Your reference number${rows[0]!.reference}`);
  expect(answered).toEqual([`/api/submission/${key}`]);
}

test.describe('Submit with the connection gone is never silent', () => {
  test.describe.configure({ timeout: 90_000 });

  test('reached by a deep link to /submit: the not-sent page, then sent once when back online', async ({
    page,
  }) => {
    const key = randomUUID();
    await iOpenWithMyAnswers(page, '/submit', key);
    await thenWithTheConnectionGoneItIsNotSentAndTryAgainSendsItOnce(page, key);
    await snap(page, 'submission-sent-after-offline');
  });

  test('reached by Continue from check your answers: the not-sent page, then sent once', async ({
    page,
  }) => {
    const key = randomUUID();
    await iOpenWithMyAnswers(page, '/before-you-submit', key);
    await andIContinueToTheNextScreen(page);
    await thenIShouldBeOn(page, '/submit');
    await whenTheScreenHasSettled(page);
    await thenWithTheConnectionGoneItIsNotSentAndTryAgainSendsItOnce(page, key);
  });

  test('the submission code never arrived: Submit still ends on the not-sent page', async ({
    page,
  }) => {
    const key = randomUUID();
    // Every fetch of the submission client fails until the connection is "back".
    let connected = false;
    await page.route('**/assets/submit-*.js', async (route) => {
      const response = await route.fetch();
      const code = await response.text();
      if (!connected && code.includes('/api/submission/')) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    await iOpenWithMyAnswers(page, '/submit', key);
    await iSubmit(page);
    await thenIAmToldItWasNotSent(page);

    connected = true;
    await iPressEnterOn(page, page.getByRole('button', { name: 'Try again' }));
    await thenIShouldBeOn(page, '/complete');
    expect(storedFor(key)).toEqual([expect.objectContaining({ outcome: 'approved' })]);
  });
});

test.describe('the terms are agreed on the contact screen (decision 0015)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an application abandoned at any screen after contact is kept as a lead', async ({
    page,
  }) => {
    const person = {
      ...VEHICLE_APPLICANT,
      email: 'lead.abandoned@example.com',
      phone: '07911400500',
    };
    const partials: { at: number; url: string }[] = [];
    const fulls: { at: number }[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/submission/partial/')) partials.push({ at: Date.now(), url: path });
      else if (path.startsWith('/api/submission/')) fulls.push({ at: Date.now() });
    });
    await completeVehicleJourneyUpTo(page, '/contact', person);
    const key = (JSON.parse((await storedAnswers(page))!) as { form: { sessionId: string } }).form
      .sessionId;
    // Nothing is kept before the agreement (docs/product.md §4).
    expect(partials).toEqual([]);
    expect(findApplication(key)).toBeUndefined();

    const main = page.getByRole('main');
    await expect(main).toContainText(
      'From this page on, we keep the answers you give us, even if you do not finish your application, so that we can contact you about it.',
    );
    await expect(
      main.getByRole('button', { name: 'Terms & Conditions', exact: true }),
    ).toBeVisible();
    await expect(main.getByRole('button', { name: 'privacy policy', exact: true })).toBeVisible();
    await whenTheScreenHasSettled(page);
    await expectNoAxeViolations(page);
    await snap(page, 'contact-terms');

    // By the keyboard: the contact details and the agreement.
    await answerThisScreen(page, { ...person });
    const terms = main.getByRole('checkbox', {
      name: 'I have read and agree to the Terms & Conditions',
    });
    await terms.uncheck();
    await iTickWithSpace(page, terms);
    await expect(terms).toBeChecked();

    // Each later screen: abandoning it here leaves what was answered before it, as a lead.
    const expectations: [string, Record<string, unknown>][] = [
      ['/optins', { email: person.email, termsAndConditionsAgreed: true, IsCompleted: false }],
      ['/joint', { IsOptedEmail: true, IsOptedPostThirdParty: true }],
      ['/before-you-submit', { isJointApplication: false }],
      ['/submit', { isJointApplication: false }],
    ];
    for (const [path, expected] of expectations) {
      const before = partials.length;
      await andIContinueToTheNextScreen(page);
      await thenIShouldBeOn(page, path);
      await expect
        .poll(() => partials.length, { message: `a partial save on ${path}` })
        .toBe(before + 1);
      const row = await waitForApplication(
        (candidate) =>
          candidate.submission_key === key &&
          Object.entries(expected).every(([field, value]) => payloadOf(candidate)[field] === value),
      );
      expect(row.status).toBe('partial');
      await answerThisScreen(page, person);
    }

    // Submitted straight away: no partial save is posted after the full submission.
    await iSubmit(page);
    await thenIShouldBeOn(page, '/complete');
    await page.waitForTimeout(1_500);
    expect(fulls).toHaveLength(1);
    expect(partials.filter((partial) => partial.at >= fulls[0]!.at)).toEqual([]);
    expect(findApplication(key)?.status).toBe('complete');
  });

  test('abandoned at /submit and closed: the lead stays', async ({ page }) => {
    const person = { ...VEHICLE_APPLICANT, email: 'lead.closed@example.com', phone: '07911400600' };
    await completeVehicleJourneyUpTo(page, '/submit', person);
    const key = (JSON.parse((await storedAnswers(page))!) as { form: { sessionId: string } }).form
      .sessionId;
    await waitForApplication(
      (row) => row.submission_key === key && row.email_lower === person.email,
    );
    await page.close();
    expect(findApplication(key)).toMatchObject({ status: 'partial', email_lower: person.email });
  });
});
