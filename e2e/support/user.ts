import { expect, type Locator, type Page } from '@playwright/test';

// Steps that read like the person filling in the form (GOV.UK forms-runner feature specs:
// `when_i_choose`, `and_i_click_on_continue`). Everything is found by role and accessible name,
// never by CSS, so a test fails when a screen stops being usable with a screen reader.

type Label = string | RegExp;

export interface WithinGroup {
  /** The legend of the radio or checkbox group to look in, when the same label appears twice. */
  within?: Label;
}

function scope(page: Page, within: Label | undefined): Page | Locator {
  if (within === undefined) return page;
  return page
    .getByRole('group', { name: within, exact: true })
    .or(page.getByRole('radiogroup', { name: within, exact: true }));
}

export async function iVisit(page: Page, path: string): Promise<void> {
  await page.goto(path);
}

/** Ticks the radio button or checkbox with this label. */
export async function whenIChoose(
  page: Page,
  label: Label,
  { within }: WithinGroup = {},
): Promise<void> {
  const root = scope(page, within);
  const option = root
    .getByRole('radio', { name: label, exact: true })
    .or(root.getByRole('checkbox', { name: label, exact: true }));
  if (await option.isVisible()) {
    await option.check();
  } else {
    // Custom-styled controls hide the native input: a person clicks the label instead.
    const id = await option.getAttribute('id');
    if (id === null) throw new Error(`The option ${String(label)} is hidden and has no label`);
    await page.locator(`label[for="${id}"]`).click();
  }
  await expect(option).toBeChecked();
}

/** Unticks the checkbox with this label. */
export async function whenIUntick(
  page: Page,
  label: Label,
  { within }: WithinGroup = {},
): Promise<void> {
  const box = scope(page, within).getByRole('checkbox', { name: label, exact: true });
  await box.uncheck();
  await expect(box).not.toBeChecked();
}

/** Types into the text, number, email or phone box with this label (replacing what was there). */
export async function fillIn(page: Page, label: Label, value: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(value);
}

/** Picks an option, by its visible text, from the dropdown with this label. */
export async function selectFrom(page: Page, label: Label, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
}

export async function andIContinue(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** The 'Previous' back control (a link or a button, whichever the screen uses). */
export async function andIGoBack(page: Page): Promise<void> {
  await page
    .getByRole('link', { name: /^Previous\b/ })
    .or(page.getByRole('button', { name: /^Previous\b/ }))
    .click();
}

/** The path (without query string) is `path`, or matches it when a RegExp is given. */
export async function thenIShouldBeOn(page: Page, path: string | RegExp): Promise<void> {
  await expect(page).toHaveURL((url) =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname),
  );
}

export async function thenIShouldSeeTheHeading(page: Page, text: Label): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: text })).toBeVisible();
}

/** At least one visible element reads exactly this (an error can show in a summary and inline). */
export async function thenIShouldSee(page: Page, text: Label): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}
