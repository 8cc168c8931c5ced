import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { originFor } from './support/hosts';
import { snap } from './support/screenshots';

// SPEC §1: a host whose first label is 'quote' shows the representative example on load.

const EXAMPLE =
  'Representative example: borrowing £7,500 over 48 months at a representative APR of 18.4% ' +
  'gives £216.45 a month, total cost of credit £2,889.60 and total payable £10,389.60.';
const STATUS =
  'All finance is subject to status and income. Written quotations are available on request.';

function popUp(page: Page) {
  return page.getByRole('dialog', { name: 'Car finance with Evo Finance' });
}

test.describe('the representative-example pop-up on the modal-apply host', () => {
  test('shows every text of SPEC §1 in a modal dialog that has focus', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`${originFor(baseURL, 'quote')}/`);
    const dialog = popUp(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2 })).toBeFocused();
    // Modal: the page behind it is inert.
    expect(await dialog.evaluate((element: HTMLDialogElement) => element.matches(':modal'))).toBe(
      true,
    );

    await expect(dialog.getByRole('listitem')).toHaveText([
      'No broker fees',
      'No deposit options',
      'Choose any vehicle',
      'Buy from any dealer',
    ]);
    await expect(dialog.getByText(EXAMPLE, { exact: true })).toBeVisible();
    await expect(dialog.getByText(STATUS, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('img', { name: '5 out of 5 stars', exact: true })).toBeVisible();
    await expect(
      dialog.getByText('Rated Excellent in independent customer reviews', { exact: true }),
    ).toBeVisible();
    const getAQuote = dialog.getByRole('button', { name: 'Get a quote', exact: true });
    await expect(getAQuote).toBeVisible();
    await expect(getAQuote).toHaveAccessibleDescription('No impact on your credit score');
    await expect(dialog.getByText('No impact on your credit score', { exact: true })).toBeVisible();

    // Tab stays inside the dialog: its one control, then round again.
    await page.keyboard.press('Tab');
    await expect(getAQuote).toBeFocused();

    await expectNoAxeViolations(page);
    await snap(page, 'modal-apply-popup');
  });

  test('Esc closes it; focus goes to the page heading and Tab carries on from there', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`${originFor(baseURL, 'quote')}/`);
    await expect(popUp(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popUp(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'A vehicle', exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("'Get a quote' closes it and the form can be used", async ({ page, baseURL }) => {
    await page.goto(`${originFor(baseURL, 'quote')}/`);
    await popUp(page).getByRole('button', { name: 'Get a quote', exact: true }).click();
    await expect(popUp(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByText('A vehicle', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'A vehicle', exact: true })).toBeChecked();
  });

  test('other hosts do not fetch or show it', async ({ page, baseURL }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    for (const origin of [
      baseURL!,
      originFor(baseURL, 'progressive'),
      originFor(baseURL, 'quotes'),
    ]) {
      await page.goto(`${origin}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect(requested.filter((url) => url.includes('representative-example-popup'))).toEqual([]);
  });
});
