import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { originFor } from './support/hosts';
import { snap } from './support/screenshots';
import { whenTheAppHasTakenOver } from './support/page-load';

// docs/product.md §1: a host whose first label is 'modal-apply' (the brand's configuration may name
// another) shows the representative example on load.

const EXAMPLE =
  'Representative example: borrowing £7,500 over 48 months at a representative APR of 18.4% ' +
  'gives £216.45 a month, total cost of credit £2,889.60 and total payable £10,389.60.';
const STATUS =
  'All finance is subject to status and income. Written quotations are available on request.';

function popUp(page: Page) {
  return page.getByRole('dialog', { name: 'Get a quote from Evo Finance' });
}

test.describe('the representative-example pop-up on the modal-apply host', () => {
  test('shows every text of docs/product.md §1 in a modal dialog that has focus', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`${originFor(baseURL, 'modal-apply')}/`);
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
    // The benefits and the example are the vehicle's, under a heading that says so.
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText('Car finance');
    // No brand names a review page of its own (docs/decisions/0078): no badge, so no link to a
    // review site's home page and no score.
    await expect(dialog.getByRole('link')).toHaveCount(0);
    await expect(dialog.getByRole('img')).toHaveCount(0);
    await expect(dialog).not.toContainText('Rated');
    await expect(dialog).not.toContainText('Trustpilot');
    const getAQuote = dialog.getByRole('button', { name: 'Get a quote', exact: true });
    await expect(getAQuote).toBeVisible();
    await expect(getAQuote).toHaveAccessibleDescription('No impact on your credit score');
    await expect(dialog.getByText('No impact on your credit score', { exact: true })).toBeVisible();

    // From the heading, Tab reaches the dialog's one control.
    await page.keyboard.press('Tab');
    await expect(getAQuote).toBeFocused();

    await expectNoAxeViolations(page);
    await snap(page, 'modal-apply-popup');
  });

  test('Esc closes it; focus goes to the page heading and Tab carries on from there', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`${originFor(baseURL, 'modal-apply')}/`);
    await expect(popUp(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popUp(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'A vehicle', exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("'Get a quote' closes it and the form can be used", async ({ page, baseURL }) => {
    await page.goto(`${originFor(baseURL, 'modal-apply')}/`);
    await popUp(page).getByRole('button', { name: 'Get a quote', exact: true }).click();
    await expect(popUp(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByText('A vehicle', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'A vehicle', exact: true })).toBeChecked();
  });

  test("its vehicle section follows the host's vehicle type", async ({ page, baseURL }) => {
    await page.goto(`${originFor(baseURL, 'modal-apply.caravan')}/`);
    const dialog = popUp(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText('Caravan finance');
    await expectNoAxeViolations(page);
    await snap(page, 'modal-apply-popup-caravan');
  });

  test('closed once, it does not come back in this tab; a homeowner loan shows its own example only', async ({
    page,
    baseURL,
  }) => {
    const origin = originFor(baseURL, 'modal-apply');
    await page.goto(`${origin}/`);
    await popUp(page).getByRole('button', { name: 'Get a quote', exact: true }).click();
    await expect(popUp(page)).toHaveCount(0);

    // Back to the first screen later in the same tab: the form, not the pop-up again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await whenTheAppHasTakenOver(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The vehicle's example on the first screen, until a homeowner loan is chosen: then that
    // loan's example alone, never both.
    const main = page.getByRole('main');
    await expect(main.getByText(EXAMPLE, { exact: true })).toBeVisible();
    await page.getByText('Home improvements', { exact: true }).click();
    await expect(main.getByText('£26,600 over 180 months', { exact: false })).toBeVisible();
    await expect(main.getByText(EXAMPLE, { exact: true })).toHaveCount(0);
    await expect(main.getByText(/^Representative example/)).toHaveCount(1);
    await page.getByText('A vehicle', { exact: true }).click();
    await expect(main.getByText(EXAMPLE, { exact: true })).toBeVisible();
    await expect(main.getByText('£26,600 over 180 months', { exact: false })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('other hosts do not fetch or show it', async ({ page, baseURL }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    for (const origin of [
      baseURL!,
      originFor(baseURL, 'progressive'),
      originFor(baseURL, 'quote'),
      originFor(baseURL, 'modal-apply-2'),
    ]) {
      await page.goto(`${origin}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await whenTheAppHasTakenOver(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect(requested.filter((url) => url.includes('representative-example-popup'))).toEqual([]);
  });
});
