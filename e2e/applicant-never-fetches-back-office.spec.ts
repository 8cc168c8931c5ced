import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { applicationAtSubmit } from './support/seeded-application';
import { completeVehicleJourneyUpTo } from './support/vehicle';

// docs/performance.md: the back office (served under /back-office/) costs the applicant
// nothing. Its code is never fetched by an applicant page; bench/check-budgets.mjs checks that no
// chunk of the applicant's build contains it.

/** Every URL the page requests, from now on. */
function recordRequests(page: Page): URL[] {
  const requested: URL[] = [];
  page.on('request', (request) => requested.push(new URL(request.url())));
  return requested;
}

const underBackOffice = (urls: readonly URL[]) =>
  urls.filter((url) => url.pathname === '/back-office' || url.pathname.startsWith('/back-office/'));

test('a whole vehicle journey requests nothing under /back-office/', async ({ page }) => {
  const requested = recordRequests(page);
  await completeVehicleJourneyUpTo(page, '/submit');
  await page.waitForLoadState('networkidle');
  // The walk did load the applicant's code: the check below is about something.
  expect(requested.filter((url) => url.pathname.startsWith('/assets/')).length).toBeGreaterThan(10);
  expect(underBackOffice(requested)).toEqual([]);
});

test('deep links, reloads and the other applicant pages request nothing under /back-office/', async ({
  page,
}) => {
  const requested = recordRequests(page);
  await page.addInitScript(
    ([key, value]) => {
      if (window.sessionStorage.getItem(key) === null) window.sessionStorage.setItem(key, value);
    },
    ['broker-application', applicationAtSubmit(randomUUID())] as const,
  );
  for (const path of [
    '/',
    '/date-of-birth',
    '/contact',
    '/address/1',
    '/before-you-submit',
    '/submit',
    '/terms-and-conditions',
    '/privacy-policy',
    '/cookie-policy',
    '/no-such-page',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(underBackOffice(requested)).toEqual([]);
});
