import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { originFor } from './support/hosts';
import { snap } from './support/screenshots';

// docs/product.md §1 and docs/design.md D3: the brand comes from the host name. Expected values are written out
// here, not imported from the brand table, so a change to the table has to be a change here too.

const FULL_EXAMPLE =
  'Representative example: borrowing £7,500 over 48 months at a representative APR of 18.4% ' +
  'gives £216.45 a month, total cost of credit £2,889.60 and total payable £10,389.60.';

interface ExpectedBrand {
  key: string;
  /** First host label; null: the plain test address (127.0.0.1), which is the default brand. */
  label: string | null;
  name: string;
  logo: RegExp;
  colour: string;
  rgb: string;
  repApr: string;
  gtmKey: string;
}

const EXPECTED: ExpectedBrand[] = [
  {
    key: 'default',
    label: null,
    name: 'Evo Finance',
    logo: /\/assets\/default-[\w-]+\.svg$/,
    colour: '#1d4f91',
    rgb: 'rgb(29, 79, 145)',
    repApr: FULL_EXAMPLE,
    gtmKey: 'GTM-DEFAULT',
  },
  {
    key: 'progressive',
    label: 'progressive',
    name: 'Progressive Finance',
    logo: /\/assets\/progressive-[\w-]+\.svg$/,
    colour: '#5b2a86',
    rgb: 'rgb(91, 42, 134)',
    repApr: FULL_EXAMPLE,
    gtmKey: 'GTM-PROGRSV',
  },
  {
    key: 'scoreright',
    label: 'scoreright',
    name: 'ScoreRight Finance',
    logo: /\/assets\/scoreright-[\w-]+\.svg$/,
    colour: '#00695c',
    rgb: 'rgb(0, 105, 92)',
    repApr: 'Representative 18.4% APR',
    gtmKey: 'GTM-SCRRGHT',
  },
  {
    key: 'bureauplus',
    label: 'bureauplus',
    name: 'BureauPlus Finance',
    logo: /\/assets\/bureauplus-[\w-]+\.svg$/,
    colour: '#a3123a',
    rgb: 'rgb(163, 18, 58)',
    repApr: 'Representative 18.4% APR',
    gtmKey: 'GTM-BUREAUP',
  },
];

function startUrl(baseURL: string | undefined, brand: ExpectedBrand): string {
  return `${brand.label === null ? baseURL : originFor(baseURL, brand.label)}/`;
}

/** The deployment's config with the tag manager switched on, as a deployment that has one. */
async function withTagManagerOn(page: Page): Promise<void> {
  await page.route('**/api/config', async (route) => {
    // The runner (Node) cannot resolve *.localhost names as Chromium does: ask 127.0.0.1.
    const url = new URL(route.request().url());
    url.hostname = '127.0.0.1';
    const response = await route.fetch({ url: url.href });
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, tagManager: true } });
  });
  // Nothing leaves the machine: the container script is answered here, empty.
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
}

for (const brand of EXPECTED) {
  test.describe(`brand ${brand.key}`, () => {
    test(`${brand.name} at ${brand.label ?? '127.0.0.1'}: logo, colour, representative APR`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(startUrl(baseURL, brand));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const logo = page.getByRole('banner').getByRole('img', { name: brand.name, exact: true });
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('src', brand.logo);
      // The file arrived and is a picture, not a broken image.
      await expect
        .poll(() =>
          logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
        )
        .toBeGreaterThan(0);

      const colour = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
      );
      expect(colour).toBe(brand.colour);
      // …and the chrome really is drawn in it: the band under the logo.
      await expect(page.locator('.header__bar')).toHaveCSS('border-bottom-color', brand.rgb);

      await expect(page.getByRole('main').getByText(brand.repApr, { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: `Cookies on ${brand.name}` })).toBeVisible();

      await expectNoAxeViolations(page);
      await snap(page, `brand-${brand.key}`);
    });

    test(`${brand.name}: its tag-manager key is loaded only after consent`, async ({
      page,
      baseURL,
    }) => {
      await withTagManagerOn(page);
      const config = page.waitForResponse('**/api/config');
      await page.goto(startUrl(baseURL, brand));
      await config;
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('script[data-tag-manager]')).toHaveCount(0);

      await page.getByRole('button', { name: 'Accept analytics cookies' }).click();
      const script = page.locator('script[data-tag-manager]');
      await expect(script).toHaveCount(1);
      await expect(script).toHaveAttribute('data-tag-manager', brand.gtmKey);
      await expect(script).toHaveAttribute(
        'src',
        `https://www.googletagmanager.com/gtm.js?id=${brand.gtmKey}`,
      );
    });
  });
}

test('a host that merely contains "progressive" is the progressive brand', async ({
  page,
  baseURL,
}) => {
  await page.goto(`${originFor(baseURL, 'go-progressive-cars')}/`);
  await expect(
    page.getByRole('banner').getByRole('img', { name: 'Progressive Finance', exact: true }),
  ).toBeVisible();
});

test('an unknown first label is the default brand', async ({ page, baseURL }) => {
  await page.goto(`${originFor(baseURL, 'dealer42')}/`);
  await expect(
    page.getByRole('banner').getByRole('img', { name: 'Evo Finance', exact: true }),
  ).toBeVisible();
});
