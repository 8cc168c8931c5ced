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
import { expectNoAxeViolations } from './support/axe';
import { thePageHasFadedIn } from './support/screen-checks';
import { snap } from './support/screenshots';

// The postcode lookup on the real server's embedded dataset (docs/address-dataset.md), whose
// simulated failures stand for a provider that is down. The applicant then gets the manual form,
// with what they typed and the lines already known kept, and is told why
// (docs/decisions/0077-a-failed-address-lookup-says-so.md, on docs/product.md §8).

const NOTHING_FOUND = (postcode: string) =>
  `We could not find any addresses for ${postcode}. Please enter the address below.`;
const NO_DETAILS =
  'We could not get the details of the address you chose. Please check the address below, or enter it.';

/** The reason is on the page, read out politely, and it is no error of theirs. */
async function iAmToldWhy(page: Page, message: string): Promise<void> {
  await expect(page.getByRole('status')).toHaveText(message);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('main .error-message')).toHaveCount(0);
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

test('a lookup that fails, or an address that cannot be fetched, says so and opens the manual form', async ({
  page,
}, testInfo) => {
  await completeSecuredJourneyUpTo(page, '/address/1', securedApplicant(testInfo));

  // The provider fails for the whole postcode: the lines to type appear, focused, and why.
  await iFindTheAddressesAt(page, 'ZZ99 9ZZ');
  await theManualFormIsShownWith(page, 'ZZ99 9ZZ');
  await expect(page.getByLabel('Flat or unit', { exact: true })).toBeFocused();
  await iAmToldWhy(page, NOTHING_FOUND('ZZ99 9ZZ'));
  await thePageHasFadedIn(page);
  await expectNoAxeViolations(page, 'main');
  await snap(page, 'address-lookup-failed');

  // Back to the lookup: a postcode whose first address cannot be fetched.
  await page.getByRole('button', { name: 'Search by postcode' }).click();
  await expect(page.getByLabel('Street', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('');
  await iFindTheAddressesAt(page, 'ZZ99 9ZY');
  await expect(page.getByRole('status')).toHaveText('2 addresses found');
  const listed = await page.getByLabel('Select an address').locator('option').allTextContents();
  expect(listed[0]).toBe('Please choose an address');
  expect(listed).toHaveLength(3);

  await page.getByLabel('Select an address').selectOption({ index: 1 });
  await theManualFormIsShownWith(page, 'ZZ99 9ZY');
  await iAmToldWhy(page, NO_DETAILS);

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

test('an address chosen earlier keeps its number, street and town when a later lookup fails', async ({
  page,
}, testInfo) => {
  const reports: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/client-errors') {
      reports.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  await completeSecuredJourneyUpTo(page, '/address/1', securedApplicant(testInfo));
  await iFindTheAddressesAt(page, 'E1 6AN');
  await iChooseTheAddress(page, '14 Commercial Street, London, E1 6AN');
  await expect(page.getByLabel('Street', { exact: true })).toHaveValue('Commercial Street');

  // The next address's details do not come: the one known stays, to check or correct.
  await page.route('**/api/address/id/*', (route) =>
    route.fulfill({ status: 503, json: { error: 'unavailable' } }),
  );
  await page
    .getByLabel('Select an address')
    .selectOption({ label: '16 Commercial Street, London, E1 6AN' });
  await theManualFormIsShownWith(page, 'E1 6AN');
  await iAmToldWhy(page, NO_DETAILS);
  await expect(page.getByLabel('House number', { exact: true })).toHaveValue('14');
  await expect(page.getByLabel('Street', { exact: true })).toHaveValue('Commercial Street');
  await expect(page.getByLabel('Town or city', { exact: true })).toHaveValue('London');
  await thePageHasFadedIn(page);
  await expectNoAxeViolations(page, 'main');
  await snap(page, 'address-lookup-known-lines-kept');

  // A search answered 200 with a body nobody can read: reported, said, and the lines kept.
  await page.route('**/api/address/E1*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"Items": [' }),
  );
  await page.getByRole('button', { name: 'Search by postcode' }).click();
  await iFindTheAddressesAt(page, 'E1 6AN');
  await iAmToldWhy(page, NOTHING_FOUND('E1 6AN'));
  await expect(page.getByLabel('Street', { exact: true })).toHaveValue('Commercial Street');
  await expect
    .poll(() => reports.filter((report) => report.operation === 'addressLookupByPostCode'))
    .toEqual([
      expect.objectContaining({
        kind: 'failure',
        message: 'Address lookup answered 200 without Items',
      }),
    ]);

  await andIMoveOn(page);
  await thenIShouldBeOn(page, '/residential-status/1');
  expect(await storedApplication(page)).toMatchObject({
    form: { addresses: [{ houseNumber: '14', street: 'Commercial Street', town: 'London' }] },
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
