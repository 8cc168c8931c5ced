import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { snap } from './screenshots';
import { andIContinue } from './user';

/**
 * A page fades in after each navigation (docs/product.md §2); colour contrast is only judged once it
 * has, not on a half-transparent page.
 */
export async function thePageHasFadedIn(page: Page): Promise<void> {
  await page.locator('.page').evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
  });
}

export interface ScreenCheck {
  /** Screenshot name: `<name>` as first shown (and `<name>-errors` with `pictureErrors`). */
  name: string;
  /** Also picture the error state: for screens whose messages sit in a layout of their own. */
  pictureErrors?: boolean;
  /** Puts the screen in its error state; Continue on the untouched screen unless told. */
  makeErrors?: () => Promise<void>;
  /** The messages that state must show (SPEC texts), each in the summary and by its field. */
  errors: readonly string[];
  /** Answers the screen, so it can be checked filled in. */
  fill: () => Promise<void>;
}

/**
 * One new screen looked at the way docs/design.md §5 asks: axe (WCAG 2.2 A and AA) with nothing
 * answered, after Continue with its messages showing, and answered; pictures at 390 and 1280.
 */
export async function checkTheScreen(page: Page, check: ScreenCheck): Promise<void> {
  await thePageHasFadedIn(page);
  await expectNoAxeViolations(page);
  await snap(page, check.name);

  await (check.makeErrors ?? (() => andIContinue(page)))();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link')).toHaveText([...check.errors]);
  await expect(page.locator('main .error-message')).toHaveText(
    check.errors.map((message) => `Error: ${message}`),
  );
  // The page around the step was checked as first shown; only the step itself changes.
  await expectNoAxeViolations(page, 'main');
  if (check.pictureErrors === true) await snap(page, `${check.name}-errors`);

  await check.fill();
  await expectNoAxeViolations(page, 'main');
}
