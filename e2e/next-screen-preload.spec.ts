import { expect, test } from '@playwright/test';
import { iVisit, thenIShouldSeeTheHeading, whenIChoose, andIContinue } from './support/user';
import { iHaveAnsweredTheCookieBanner } from './support/vehicle';
import { whenTheAppHasTakenOver } from './support/page-load';

// The step frame fetches the screen Continue leads to while the visitor answers
// (features/steps/lib/preload-next-screen.ts), through the route table the app hands down
// (usePreloadPage in lib/router.tsx; docs/decisions/0040-web-layers-enforced-by-lint.md).

// The loan type has no screen of its own: the generic step screen shows it.
const LOAN_TYPE_CHUNK = /\/assets\/generic-step-screen-[\w-]+\.js$/;

test('the next screen is fetched once the visitor answers, before Continue', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (LOAN_TYPE_CHUNK.test(new URL(request.url()).pathname)) requested.push(request.url());
  });
  await iHaveAnsweredTheCookieBanner(page);
  await iVisit(page, '/');
  await thenIShouldSeeTheHeading(page, 'What do you need the money for?');
  await page.waitForLoadState('networkidle');
  await whenTheAppHasTakenOver(page);
  // A visitor who only looks costs no more than the first screen.
  expect(requested).toEqual([]);

  const fetchedAhead = page.waitForRequest((request) =>
    LOAN_TYPE_CHUNK.test(new URL(request.url()).pathname),
  );
  await whenIChoose(page, 'A vehicle');
  await fetchedAhead;
  expect(requested).toHaveLength(1);

  await andIContinue(page);
  await thenIShouldSeeTheHeading(page, 'What type of vehicle finance are you looking for?');
  // Continue used the chunk fetched ahead.
  expect(requested).toHaveLength(1);
});
