import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { thePageHasFadedIn } from './support/screen-checks';
import { snap } from './support/screenshots';
import { andIContinue, andIGoBack, fillIn, thenIShouldBeOn } from './support/user';
import { completeSecuredJourneyUpTo, securedApplicant } from './support/secured';

// docs/decisions/0076-progress-along-the-journey.md: the bar counts the screens of the path the
// answers draw, so it reads 100% on no screen while others remain, and an answer that has become
// invalid no longer counts.

async function progressOn(page: Page): Promise<number> {
  const bar = page.getByRole('progressbar');
  const value = Number(await bar.getAttribute('aria-valuenow'));
  await expect(page.getByText(`${value}% complete`, { exact: true })).toBeVisible();
  return value;
}

test.setTimeout(180_000);

test('a secured joint application: below 100% on /optins and on every screen after it', async ({
  page,
}, testInfo) => {
  const who = securedApplicant(testInfo);
  const seen: [string, number][] = [];
  let afterOptIns = false;
  await completeSecuredJourneyUpTo(page, '/submit', who, async (path) => {
    if (path === '/optins') afterOptIns = true;
    if (afterOptIns) {
      await thePageHasFadedIn(page);
      seen.push([path, await progressOn(page)]);
    }
    if (path === '/optins') {
      await expectNoAxeViolations(page, 'main');
      await snap(page, 'progress-optins-secured-joint');
    }
  });
  seen.push(['/submit', await progressOn(page)]);
  // The joint applicant's screens, the secured disclosures, check-your-answers and /submit.
  expect(seen.length).toBeGreaterThanOrEqual(13);
  for (const [path, percent] of seen) expect(percent, path).toBeLessThan(100);
  expect(seen[0]![1]).toBeLessThan(80);
});

test('a date of birth changed to someone under 21 takes its credit away', async ({
  page,
}, testInfo) => {
  const who = securedApplicant(testInfo);
  await completeSecuredJourneyUpTo(page, '/employment/1', who);
  await thePageHasFadedIn(page);
  await andIGoBack(page);
  await thenIShouldBeOn(page, '/date-of-birth');
  await andIGoBack(page);
  await thenIShouldBeOn(page, '/marital-status');
  await thePageHasFadedIn(page);
  const before = await progressOn(page);

  await andIContinue(page);
  await thenIShouldBeOn(page, '/date-of-birth');
  await fillIn(page, 'Year', String(new Date().getFullYear() - 18));
  await andIGoBack(page);
  await thenIShouldBeOn(page, '/marital-status');
  await thePageHasFadedIn(page);
  expect(await progressOn(page)).toBeLessThan(before);
});
