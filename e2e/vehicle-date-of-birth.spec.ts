import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations as axeFindsNothing } from './support/axe';
import { snap } from './support/screenshots';
import { andIContinue, thenIShouldBeOn } from './support/user';
import { completeVehicleJourneyUpTo, whenTheScreenHasSettled } from './support/vehicle';

async function thenAxeFindsNothing(page: Page): Promise<void> {
  await whenTheScreenHasSettled(page);
  await axeFindsNothing(page);
}

// The date-of-birth section of docs/product.md §2 and its messages of docs/product.md §5, in their order.

// The test first answers the screens before its own, which takes a few seconds.
test.describe.configure({ timeout: 60_000 });

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function thenTheMessageIs(page: Page, message: string): Promise<void> {
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([message]);
  await expect(
    page.getByRole('main').getByText(`Error: ${message}`, { exact: true }),
  ).toBeVisible();
}

test.describe('date of birth', () => {
  const thisYear = new Date().getFullYear();
  const box = (page: Page, name: 'Day' | 'Month' | 'Year') =>
    page.getByRole('textbox', { name, exact: true });

  async function whenIEnter(page: Page, day: string, month: string, year: string) {
    // Year first, then month, then day: editing a later box pads the earlier ones (docs/product.md §2).
    await box(page, 'Year').fill(year);
    await box(page, 'Month').fill(month);
    await box(page, 'Day').fill(day);
  }

  test('auto-advance, padding, then one message at a time in SPEC’s order', async ({ page }) => {
    await completeVehicleJourneyUpTo(page, '/date-of-birth');
    const group = page.getByRole('group', { name: 'What is your date of birth?' });
    await expect(group).toHaveAccessibleDescription(
      'For example, 27 3 1985 You need to be aged 21 to 74 to apply.',
    );

    // No message before a box is touched.
    await box(page, 'Day').focus();
    await page.keyboard.type('1');
    await expect(box(page, 'Day')).toBeFocused();
    await expect(page.getByText(/Error:/)).toHaveCount(0);
    await page.keyboard.type('5');
    await expect(box(page, 'Month')).toBeFocused();
    await page.keyboard.type('08');
    await expect(box(page, 'Year')).toBeFocused();
    await page.keyboard.type('1975');
    await expect(box(page, 'Year')).toHaveValue('1975');

    // Going back never jumps forward again.
    await page.keyboard.press('Shift+Tab');
    await expect(box(page, 'Month')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(box(page, 'Day')).toBeFocused();

    // '7' stays '7' until the month is edited, then becomes '07'; likewise the month.
    await box(page, 'Day').fill('7');
    await expect(box(page, 'Day')).toHaveValue('7');
    await box(page, 'Month').fill('');
    await box(page, 'Month').pressSequentially('3');
    await expect(box(page, 'Day')).toHaveValue('07');
    await expect(box(page, 'Month')).toHaveValue('3');
    await box(page, 'Year').fill('');
    await expect(box(page, 'Month')).toHaveValue('03');

    // Its message shows once the section is left unfinished, not before.
    await expect(page.getByText(/Error:/)).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('main').getByText('Error: Which year were you born?', { exact: true }),
    ).toBeVisible();
    await snap(page, 'date-of-birth-touched');

    await whenIEnter(page, '', '', '');
    await andIContinue(page);
    await thenTheMessageIs(page, 'Please enter your date of birth.');

    const cases: [string, string, string, string][] = [
      ['', '', '1980', 'What day were you born?'],
      ['32', '', '1980', 'Please enter a day between 1 and 31.'],
      ['07', '', '1980', 'Which month were you born?'],
      ['07', '13', '1980', 'Please enter a month between 1 and 12.'],
      ['07', '03', '', 'Which year were you born?'],
      ['07', '03', '999', "Please enter your year of birth using the format 'YYYY'."],
      [
        '07',
        '03',
        String(thisYear + 1),
        'Please check you have entered your year of birth correctly.',
      ],
      ['30', '02', '1980', 'Please enter a valid date.'],
      [
        '07',
        '03',
        String(thisYear - 20),
        'You must be at least 21 years old to apply for finance with us.',
      ],
      [
        '07',
        '03',
        String(thisYear - 80),
        'You must be under 75 years old to apply for finance with us.',
      ],
    ];
    for (const [day, month, year, message] of cases) {
      await whenIEnter(page, day, month, year);
      await andIContinue(page);
      await thenTheMessageIs(page, message);
      await expect(group).toHaveAccessibleDescription(new RegExp(`Error: ${escape(message)}$`));
    }
    await thenAxeFindsNothing(page);

    await whenIEnter(page, '07', '03', '1980');
    await expect(page.getByRole('main').getByText(/Error:/)).toHaveCount(0);
    await andIContinue(page);
    await thenIShouldBeOn(page, '/employment/1');
  });
});
