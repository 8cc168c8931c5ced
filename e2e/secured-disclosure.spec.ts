import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { thePageHasFadedIn } from './support/screen-checks';
import { snap } from './support/screenshots';
import {
  REPOSSESSION_WARNING,
  SECURED_EXAMPLE_TEXTS,
  completeSecuredJourneyUpTo,
  iHaveAnsweredTheCookieBanner,
  securedApplicant,
  thenIShouldSeeTheRepossessionWarning,
} from './support/secured';
import {
  VEHICLE_APPLICANT,
  answerThisScreen,
  andIContinueToTheNextScreen,
} from './support/vehicle';
import { iVisit, thenIShouldSee, whenIChoose } from './support/user';

// The step frame shows the secured-loan disclosure on every step of a secured application and
// on no step of a vehicle one (docs/decisions/0011-secured-disclosure-from-the-frame.md).

const path = (url: string) => new URL(url).pathname;

test('every screen of a secured application shows the warning and the example, axe-clean', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const checked: string[] = [];
  await completeSecuredJourneyUpTo(page, '/complete', securedApplicant(testInfo), async (at) => {
    if (at === '/') return undefined;
    await thenIShouldSeeTheRepossessionWarning(page);
    for (const text of SECURED_EXAMPLE_TEXTS) await thenIShouldSee(page, text);
    await thePageHasFadedIn(page);
    await expectNoAxeViolations(page);
    if (at === '/before-you-submit' || at === '/submit' || at === '/marital-status') {
      await snap(page, `secured-disclosure${at.replace('/', '-')}`);
    }
    checked.push(at);
    return undefined;
  });
  // The screens the audit found without it, among the rest.
  for (const screen of [
    '/marital-status',
    '/contact',
    '/optins',
    '/joint',
    '/security-address-confirm',
    '/security-address-add',
    '/own-other-properties',
    '/breathing-space',
    '/soft-search',
    '/fair-processing-notice',
    '/before-you-submit',
    '/submit',
  ]) {
    expect(checked).toContain(screen);
  }
  expect(checked).toHaveLength(30);
});

test('the first question shows it once a secured purpose is chosen', async ({ page }) => {
  await iHaveAnsweredTheCookieBanner(page);
  await iVisit(page, '/');
  const warning = page.getByText(`Warning: ${REPOSSESSION_WARNING}`, { exact: true });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(warning).toHaveCount(0);
  await whenIChoose(page, 'Home improvements');
  await expect(warning).toBeVisible();
  await whenIChoose(page, 'A vehicle');
  await expect(warning).toHaveCount(0);
});

test('no screen of a vehicle application shows it', async ({ page }) => {
  test.setTimeout(120_000);
  await iHaveAnsweredTheCookieBanner(page);
  await iVisit(page, '/');
  const seen: string[] = [];
  for (let screens = 0; screens < 40; screens += 1) {
    const at = path(page.url());
    seen.push(at);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/Your home may be repossessed/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Representative example' })).toHaveCount(0);
    if (at === '/submit') break;
    await answerThisScreen(page, VEHICLE_APPLICANT);
    await andIContinueToTheNextScreen(page);
  }
  expect(seen).toContain('/before-you-submit');
  expect(path(page.url())).toBe('/submit');
});
