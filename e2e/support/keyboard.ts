import { expect, type Locator, type Page } from '@playwright/test';

// The keyboard alone (WCAG 2.1.1): focus moves only with Tab (and the arrow keys inside a
// group), choices are made with Space, Enter and the arrows, and nothing is ever clicked.

/**
 * Enough for the longest screen twice over (Tab wraps round through the browser's own UI): the
 * back office's list, 25 rows each with the applicant's name, e-mail and phone as links.
 */
const MAX_TABS = 200;

/** Presses Tab until `target` has focus. */
export async function iTabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tabs to a button or link and presses Enter on it. */
export async function iPressEnterOn(page: Page, target: Locator): Promise<void> {
  await iTabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Tabs to a box and types `value` over whatever it held (the box may refuse some keys). */
export async function iTypeInto(page: Page, box: Locator, value: string): Promise<void> {
  await iTabTo(page, box);
  await page.keyboard.press('ControlOrMeta+A');
  if (value === '') await page.keyboard.press('Backspace');
  else await page.keyboard.type(value);
}

/** Tabs to a checkbox and ticks it with Space. */
export async function iTickWithSpace(page: Page, checkbox: Locator): Promise<void> {
  await iTabTo(page, checkbox);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
}

/**
 * Tabs into a radio group (Tab enters a group once, on its chosen radio or its first), picks
 * with Space when nothing is picked yet, then moves the pick with the arrow keys.
 */
export async function iChooseWithArrows(page: Page, group: Locator, label: string): Promise<void> {
  const radio = group.getByRole('radio', { name: label, exact: true });
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    const onARadio = await group.evaluate((element) => {
      const focused = document.activeElement;
      return (
        focused instanceof HTMLInputElement && focused.type === 'radio' && element.contains(focused)
      );
    });
    if (onARadio) break;
    await page.keyboard.press('Tab');
  }
  if (!(await radio.isChecked())) {
    const anyChecked = await group.getByRole('radio', { checked: true }).count();
    if (anyChecked === 0) await page.keyboard.press('Space');
  }
  const count = await group.getByRole('radio').count();
  for (let moves = 0; moves < count && !(await radio.isChecked()); moves += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(radio).toBeChecked();
}

/** Tabs to a select and moves its choice with the arrow keys, one option at a time. */
export async function iSelectWithArrows(
  page: Page,
  select: Locator,
  option: string,
): Promise<void> {
  await iTabTo(page, select);
  const options = await select.locator('option').allTextContents();
  const wanted = options.indexOf(option);
  if (wanted < 0) throw new Error(`No option ${option} in ${select.toString()}`);
  const current = await select.evaluate((element: HTMLSelectElement) => element.selectedIndex);
  const key = wanted >= current ? 'ArrowDown' : 'ArrowUp';
  for (let moves = 0; moves < Math.abs(wanted - current); moves += 1) {
    await page.keyboard.press(key);
  }
  await expect(select.locator('option:checked')).toHaveText(option);
}
