import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type Route } from '@playwright/test';
import { STORAGE_KEY } from '../packages/web/src/state/storage';
import { readApplications } from './support/db';
import { applicationAtSubmit, personFor } from './support/seeded-application';
import { thenIShouldBeOn } from './support/user';

// docs/reliability.md, "The browser's retries": a submission that meets a network error or a
// 502/503/504 is retried with the same key, with backoff, up to 3 times before the error page; the
// answers stay in storage until an answer arrives; a double click sends one application.

/** packages/web/src/api/submit.ts: the waits before the three retries. */
const BACKOFF_MS = [1000, 2000, 4000];

interface Attempt {
  at: number;
  key: string;
  bodyKey: unknown;
  /** The stored application as the attempt left the browser. */
  stored: { firstName?: unknown } | null;
}

/**
 * Opens /submit with a complete application in sessionStorage and counts every full
 * submission (not partial saves: the glob's `*` stops at a slash). `handle` decides each one.
 */
async function atTheSubmitStep(
  page: Page,
  handle: (route: Route, attempt: number) => Promise<void>,
): Promise<{ key: string; attempts: Attempt[] }> {
  const key = randomUUID();
  const attempts: Attempt[] = [];
  await page.addInitScript(
    ([storageKey, value]) => {
      // Once per tab: a reload after the submission must not bring the answers back.
      if (sessionStorage.getItem('e2e-seeded') !== null) return;
      sessionStorage.setItem('e2e-seeded', '1');
      sessionStorage.setItem(storageKey, value);
    },
    [STORAGE_KEY, applicationAtSubmit(key)] as const,
  );
  await page.route('**/api/submission/*', async (route) => {
    const request = route.request();
    const body = request.postDataJSON() as { submissionKey?: unknown };
    const stored = await page.evaluate(
      (storageKey) => sessionStorage.getItem(storageKey),
      STORAGE_KEY,
    );
    attempts.push({
      at: Date.now(),
      key: decodeURIComponent(new URL(request.url()).pathname.split('/').pop() ?? ''),
      bodyKey: body.submissionKey,
      stored: stored === null ? null : (JSON.parse(stored) as { form: object }).form,
    });
    await handle(route, attempts.length);
  });
  await page.goto('/submit');
  await thenIShouldBeOn(page, '/submit');
  return { key, attempts };
}

/** The outcome page, allowing for the 7 s of backoff before the last retry. */
async function thenIShouldLandOn(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
}

function submitButton(page: Page) {
  return page.locator('form').getByRole('button', { name: /continue|submit|send/i });
}

function storedFor(key: string) {
  return readApplications().filter((row) => row.submission_key === key);
}

async function fail(route: Route, how: 'abort' | 502 | 503 | 504): Promise<void> {
  if (how === 'abort') await route.abort('connectionreset');
  else await route.fulfill({ status: how, contentType: 'text/html', body: 'Bad gateway' });
}

test.describe('a submission that meets a failing network', () => {
  const cases = [
    { how: 'abort', failures: 3 },
    { how: 502, failures: 1 },
    { how: 503, failures: 2 },
    { how: 504, failures: 3 },
  ] as const;

  for (const { how, failures } of cases) {
    test(`${how} ${failures}× then through: retried with the same key, with backoff, one application`, async ({
      page,
    }) => {
      const { key, attempts } = await atTheSubmitStep(page, async (route, attempt) => {
        if (attempt <= failures) await fail(route, how);
        else await route.continue();
      });
      await submitButton(page).click();

      await thenIShouldLandOn(page, '/complete');
      expect(attempts).toHaveLength(failures + 1);
      for (const attempt of attempts) {
        expect(attempt.key).toBe(key);
        expect(attempt.bodyKey).toBe(key);
        // Until an answer arrives, the answers are still in sessionStorage.
        expect(attempt.stored?.firstName).toBe(personFor(key).firstName);
      }
      for (let i = 1; i < attempts.length; i += 1) {
        const waited = attempts[i]!.at - attempts[i - 1]!.at;
        expect(waited, `wait before retry ${i}`).toBeGreaterThanOrEqual(BACKOFF_MS[i - 1]! * 0.9);
      }
      const rows = storedFor(key);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'complete', outcome: 'approved' });
      // docs/product.md §4: cleared once the answer has arrived.
      const left = await page.evaluate((k) => sessionStorage.getItem(k), STORAGE_KEY);
      expect(left === null || !left.includes('Lovelace')).toBe(true);
    });
  }

  test('four failures: three retries, then the not-sent page, and nothing stored', async ({
    page,
  }) => {
    const { key, attempts } = await atTheSubmitStep(page, (route) => fail(route, 503));
    await submitButton(page).click();

    await thenIShouldLandOn(page, '/error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Your application has not been sent',
    );
    // A fifth attempt would come 4 s or more after the fourth: none does.
    await page.waitForTimeout(1500);
    expect(attempts).toHaveLength(4);
    expect(new Set(attempts.map((attempt) => attempt.key))).toEqual(new Set([key]));
    expect(
      attempts.every((attempt) => attempt.stored?.firstName === personFor(key).firstName),
    ).toBe(true);
    // No complete application, and no partial save after the full submission (decision 0015).
    expect(storedFor(key)).toEqual([]);
  });

  test('a 400 is not retried: straight to the error page', async ({ page }) => {
    const { attempts } = await atTheSubmitStep(page, (route) =>
      route.fulfill({ status: 400, json: { error: 'invalid_payload', fields: [] } }),
    );
    await submitButton(page).click();
    await thenIShouldBeOn(page, '/error');
    await page.waitForTimeout(1500);
    expect(attempts).toHaveLength(1);
  });
});

test.describe('an impatient applicant', () => {
  test('a double click (and a third click while it is sent) sends one application', async ({
    page,
  }) => {
    const { key, attempts } = await atTheSubmitStep(page, async (route) => {
      // A slow answer, so the later clicks land while the first is on its way.
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fulfill({ response });
    });
    const button = submitButton(page);
    await button.dblclick();
    await button.click({ timeout: 1000 }).catch(() => undefined);
    await page.keyboard.press('Enter');

    await thenIShouldBeOn(page, '/complete');
    await page.waitForTimeout(500);
    expect(attempts).toHaveLength(1);
    expect(storedFor(key)).toHaveLength(1);
  });
});
