import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { snap } from './support/screenshots';
import { sessionStorageOf } from './support/session-storage';
import { whenTheAppHasTakenOver } from './support/page-load';

// docs/product.md §4 and docs/design.md D13 under Playwright's fake clock: the page's timers and Date move only
// as the test fast-forwards them (and in real time otherwise).

const EXPIRED = "Your Session has expired, please click 'OK' to continue.";

function warning(page: Page) {
  return page.getByRole('alertdialog', { name: 'Your session will expire soon' });
}

function expired(page: Page) {
  return page.getByRole('alertdialog', { name: 'Session Timeout' });
}

/** The idle overlay is decorative (aria-hidden), so it is found by its test id. */
function overlay(page: Page) {
  return page.getByTestId('idle-overlay');
}

/**
 * Loads a page with the fake clock, presses a key (the idle watch, a lazy chunk, is fetched at
 * the first activity: decision 0045) and waits until the watch is running, then stops the clock
 * and presses a key: from here idle time moves only as the test moves it.
 */
async function openWithFakeClock(page: Page, path = '/'): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A press before the app has started its listeners is not seen (the watch then comes at 30 s),
  // so press until the watch is there.
  await expect(async () => {
    await page.keyboard.press('Shift');
    await expect(overlay(page)).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(overlay(page)).toBeHidden();
  await stopClock(page);
  await page.keyboard.press('Shift');
}

/**
 * Stops the page's clock two seconds on, so that a key press straight after is not lost to the
 * one-per-second activity throttle.
 */
async function stopClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2_000);
}

/** axe waits on timers of its own, so it runs while the clock runs (the dialogs stay put). */
async function expectNoAxeViolationsWithClockRunning(page: Page): Promise<void> {
  await page.clock.resume();
  await expectNoAxeViolations(page);
  await stopClock(page);
}

/** The stored application's loan purpose, or null when nothing is stored. */
async function storedLoanPurpose(page: Page): Promise<unknown> {
  const stored = await sessionStorageOf(page);
  for (const value of Object.values(stored)) {
    const parsed = JSON.parse(value) as { form?: { loanPurposeType?: unknown } };
    if (parsed.form) return parsed.form.loanPurposeType ?? null;
  }
  return null;
}

test.describe('session timeout', () => {
  test('the watch is not fetched with the first screen, only at the first activity', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The app's own first render is done: a key pressed before it is not seen.
    await whenTheAppHasTakenOver(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.filter((path) => path.includes('session-watch'))).toEqual([]);
    await expect(overlay(page)).not.toBeAttached();
    await page.keyboard.press('Tab');
    await expect(overlay(page)).toBeAttached();
    await expect(overlay(page)).toBeHidden();
    expect(scripts.filter((path) => path.includes('session-watch'))).toHaveLength(1);
  });

  test('the warning at 8 minutes counts down and Continue gives the full time again', async ({
    page,
  }) => {
    await openWithFakeClock(page);
    await page.clock.fastForward('07:59');
    await expect(warning(page)).toHaveCount(0);

    await page.clock.fastForward('00:01');
    await expect(warning(page)).toBeVisible();
    await expect(warning(page)).toHaveAccessibleDescription(
      'For your security, your session will expire in 2 minutes. Your answers will then be ' +
        'cleared. If you need more time, continue your application.',
    );
    const continueButton = warning(page).getByRole('button', { name: 'Continue application' });
    await expect(continueButton).toBeFocused();
    // The overlay gives way to the warning.
    await expect(overlay(page)).toBeHidden();
    const countdown = warning(page).getByText(/^For your security/);
    await expect(countdown).toHaveAttribute('aria-live', 'polite');

    // A stray mouse movement does not dismiss it: only the button (or Esc) does.
    await page.mouse.move(10, 10);
    await page.mouse.move(300, 300);
    await page.clock.fastForward('00:14');
    await expect(countdown).toHaveText('For your security, your session will expire in 2 minutes.');
    await page.clock.fastForward('00:01');
    await expect(countdown).toHaveText(
      'For your security, your session will expire in 1 minute 45 seconds.',
    );

    await expectNoAxeViolationsWithClockRunning(page);
    await snap(page, 'session-warning');

    await continueButton.click();
    await expect(continueButton).toHaveCount(0);
    await expect(warning(page)).toHaveCount(0);
    await page.clock.fastForward('07:59');
    await expect(warning(page)).toHaveCount(0);
    await expect(expired(page)).toHaveCount(0);
    await page.clock.fastForward('00:01');
    await expect(warning(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(warning(page)).toHaveCount(0);
    await page.clock.fastForward('09:59');
    await expect(expired(page)).toHaveCount(0);
  });

  test("at 10 minutes the 'Session Timeout' modal; OK clears the answers and starts at /", async ({
    page,
  }) => {
    await openWithFakeClock(page);
    await page.getByText('A vehicle', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'A vehicle', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).not.toHaveURL(/\/$/);
    expect(await storedLoanPurpose(page)).toBe('Vehicle');

    await page.clock.fastForward('08:00');
    await expect(warning(page)).toBeVisible();
    await page.clock.fastForward('02:00');
    await expect(warning(page)).toHaveCount(0);
    const dialog = expired(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Session Timeout');
    await expect(dialog.getByText(EXPIRED, { exact: true })).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(EXPIRED);
    await expect(dialog.getByRole('button', { name: 'OK', exact: true })).toBeFocused();
    await expectNoAxeViolationsWithClockRunning(page);
    await snap(page, 'session-expired');

    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(expired(page)).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'A vehicle', exact: true })).not.toBeChecked();
    expect(await storedLoanPurpose(page)).toBeNull();
  });

  test('the idle overlay comes after 60 s and goes at a mouse move or a key press', async ({
    page,
  }) => {
    await openWithFakeClock(page);
    await page.clock.fastForward('00:59');
    await expect(overlay(page)).toBeHidden();
    await page.clock.fastForward('00:01');
    await expect(overlay(page)).toBeVisible();
    await expect(overlay(page)).toHaveAttribute('aria-hidden', 'true');
    await expect(overlay(page).locator('.idle-overlay__sprite')).toHaveCSS(
      'animation-name',
      'idle-sprite',
    );
    await snap(page, 'session-idle-overlay');

    await page.mouse.move(200, 200);
    await expect(overlay(page)).toBeHidden();

    await page.clock.fastForward('01:00');
    await expect(overlay(page)).toBeVisible();
    await page.keyboard.press('Shift');
    await expect(overlay(page)).toBeHidden();

    // It never blocks the page: a click through it reaches the form.
    await page.clock.fastForward('01:00');
    await expect(overlay(page)).toBeVisible();
    await page.getByText('A vehicle', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'A vehicle', exact: true })).toBeChecked();
    await expect(overlay(page)).toBeHidden();
  });

  test('the idle overlay does not animate for people who ask for less motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWithFakeClock(page);
    await page.clock.fastForward('01:00');
    await expect(overlay(page)).toBeVisible();
    await expect(overlay(page).locator('.idle-overlay__sprite')).toHaveCSS(
      'animation-name',
      'none',
    );
  });
});
