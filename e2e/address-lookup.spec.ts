import { expect, test, type Page } from '@playwright/test';
import { sessionStorageOf } from './support/session-storage';
import {
  andIMoveOn,
  completeSecuredJourneyUpTo,
  fillInYearsAndMonths,
  iChooseTheAddress,
  iFindTheAddressesAt,
  iTypeTheAddressLines,
  securedApplicant,
} from './support/secured';
import { fillIn, thenIShouldBeOn, thenIShouldSeeTheHeading, whenIChoose } from './support/user';

// The postcode lookup on the real server's embedded dataset (docs/address-dataset.md), whose
// simulated failures stand for a provider that is down: docs/product.md §8 says the applicant then gets
// the manual form, with what they typed kept and no message.

async function thereIsNoMessage(page: Page): Promise<void> {
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('main .error-message')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('');
}

async function theManualFormIsShownWith(page: Page, postcode: string): Promise<void> {
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue(postcode);
  await expect(page.getByLabel('Street', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Find address' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Search by postcode' })).toBeVisible();
}

async function iReload(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

function storedApplication(page: Page): Promise<Record<string, unknown>> {
  return sessionStorageOf(page).then(
    (storage) => JSON.parse(storage['broker-application'] ?? '{}') as Record<string, unknown>,
  );
}

test('a lookup that fails, or an address that cannot be fetched, opens the manual form without a message', async ({
  page,
}, testInfo) => {
  await completeSecuredJourneyUpTo(page, '/address/1', securedApplicant(testInfo));

  // The provider fails for the whole postcode: the lines to type appear, focused, no message.
  await iFindTheAddressesAt(page, 'ZZ99 9ZZ');
  await theManualFormIsShownWith(page, 'ZZ99 9ZZ');
  await expect(page.getByLabel('Flat or unit', { exact: true })).toBeFocused();
  await thereIsNoMessage(page);

  // Back to the lookup: a postcode whose first address cannot be fetched.
  await page.getByRole('button', { name: 'Search by postcode' }).click();
  await expect(page.getByLabel('Street', { exact: true })).toHaveCount(0);
  await iFindTheAddressesAt(page, 'ZZ99 9ZY');
  await expect(page.getByRole('status')).toHaveText('2 addresses found');
  const listed = await page.getByLabel('Select an address').locator('option').allTextContents();
  expect(listed[0]).toBe('Please choose an address');
  expect(listed).toHaveLength(3);

  await page.getByLabel('Select an address').selectOption({ index: 1 });
  await theManualFormIsShownWith(page, 'ZZ99 9ZY');
  await thereIsNoMessage(page);

  // The manual form takes the address, and the journey goes on.
  await iTypeTheAddressLines(page, { houseNumber: '9', street: 'Nowhere Lane', town: 'Leeds' });
  await andIMoveOn(page);
  await thenIShouldBeOn(page, '/residential-status/1');
  const stored = await storedApplication(page);
  expect(stored).toMatchObject({
    savedAddresses: [{ manual: true }],
    form: {
      addresses: [
        { postcode: 'ZZ99 9ZY', houseNumber: '9', street: 'Nowhere Lane', town: 'Leeds' },
      ],
    },
  });
});

test('typed answers survive a reload, and a previous address can be typed in by hand', async ({
  page,
}, testInfo) => {
  const who = securedApplicant(testInfo);
  await completeSecuredJourneyUpTo(page, '/address/1', who);

  await fillIn(page, 'Postcode', 'ls1 4ap');
  await iReload(page);
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('ls1 4ap');

  await iFindTheAddressesAt(page, 'ls1 4ap');
  await expect(page.getByRole('status')).toHaveText(/^\d+ addresses found$/);
  const first = (await page
    .getByLabel('Select an address')
    .locator('option')
    .nth(1)
    .textContent())!;
  await iChooseTheAddress(page, first);
  await fillIn(page, 'Locality', 'City Centre');
  await iReload(page);
  // The chosen address and the edit to it are still there, shown for review.
  await expect(page.getByLabel('Select an address')).toHaveValue(/.+/);
  await expect(page.getByLabel('Locality', { exact: true })).toHaveValue('City Centre');
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('LS1 4AP');

  await andIMoveOn(page);
  await whenIChoose(page, 'Private tenant');
  await andIMoveOn(page);
  await fillInYearsAndMonths(page, '1', '2');
  await andIMoveOn(page);

  await thenIShouldBeOn(page, '/address/2');
  await thenIShouldSeeTheHeading(page, 'What was your previous address?');
  await fillIn(page, 'Postcode', 'bs1 4st');
  await page.getByRole('button', { name: 'Enter the address manually' }).click();
  await iTypeTheAddressLines(page, {
    houseName: 'The Old Mill',
    street: 'Mill Lane',
    town: 'Bristol',
  });
  await iReload(page);
  // Manual entry is remembered for this address only.
  await expect(page.getByLabel('House name', { exact: true })).toHaveValue('The Old Mill');
  await andIMoveOn(page);
  await whenIChoose(page, 'Living with parents');
  await andIMoveOn(page);
  await fillInYearsAndMonths(page, '5', '0');
  await andIMoveOn(page);
  await thenIShouldBeOn(page, '/security-address-confirm');

  const stored = await storedApplication(page);
  expect(stored).toMatchObject({
    savedAddresses: [
      { manual: false, value: expect.any(String), streetAddress: first },
      { manual: true },
    ],
    form: {
      addresses: [
        { postcode: 'LS1 4AP', locality: 'City Centre', yearsAtAddress: 1, monthsAtAddress: 2 },
        { postcode: 'bs1 4st', houseName: 'The Old Mill', street: 'Mill Lane', town: 'Bristol' },
      ],
    },
  });
});
