import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEY } from '../packages/web/src/state/storage';

// Hostile input, the browser's side (docs/reliability.md): the query string and cookies are read
// into the stored application at start (docs/product.md §4, §7). Hostile values are kept as inert
// text, capped, or ignored; none is executed, none reaches the page as markup, and the page works
// as usual.

/** Each payload would set window.__pwned (or open a dialog) if it ever ran. */
const SCRIPT = '<script>window.__pwned=1</script>';
const IMG = '"><img src=x onerror="window.__pwned=1">';
const SVG = '<svg/onload=alert(1)>';
const JS_URL = 'javascript:window.__pwned=1';
const HUGE = 'A'.repeat(5000);

interface Watch {
  dialogs: string[];
  errors: string[];
}

/** Records every dialog (and dismisses it), every console error and every page error. */
function watch(page: Page): Watch {
  const seen: Watch = { dialogs: [], errors: [] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  return seen;
}

interface Stored {
  variant: string | null;
  lockDown: boolean;
  isLocked: boolean;
  applicationSubmitOk: boolean;
  partnerSetup: { affiliateUserId: string | null };
  form: {
    loanAmount: number | null;
    affiliateUserId: string | null;
    utmParameters: Record<string, string | null | undefined>;
    vehicle: Record<string, string | number | null>;
  };
}

async function storedApplication(page: Page): Promise<Stored> {
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY))
    .not.toBeNull();
  const text = await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY);
  return JSON.parse(text ?? 'null') as Stored;
}

/** The page is the usual start page, and nothing injected ran or became markup. */
async function expectUnharmed(page: Page, seen: Watch): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
  // Give an onerror or onload handler the chance to run, had one been injected.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await page.evaluate(() => 'polluted' in {})).toBe(false);
  await expect(page.locator('img[src="x"], svg[onload], [onerror], [onload]')).toHaveCount(0);
  // The only inline script is the pre-rendered start page's boot script (its CSP hash allows it).
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''));
  expect(inline.filter((text) => !text.startsWith('const files=["/assets/'))).toEqual([]);
  expect(seen.dialogs).toEqual([]);
  expect(seen.errors).toEqual([]);
}

function query(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

test.describe('hostile values in the address bar and cookies', () => {
  test('query parameters: kept as inert text, capped, or ignored; nothing runs', async ({
    page,
  }) => {
    const seen = watch(page);
    const search = [
      query({
        utm_source: SCRIPT,
        utm_medium: IMG,
        utm_campaign: SVG,
        utm_term: HUGE,
        variant: `${SVG}\u202e\u0000`,
        dealerNumber: IMG,
        vrm: '<b>AB12 CDE</b>',
        make: '\u0000\u0007Ford\u202e',
        imageurl: JS_URL,
        'loan-amount': JS_URL,
        price: '1e999',
        // Internal flags are not parameters and must not be set from outside.
        lockDown: 'true',
        isLocked: 'true',
        applicationSubmitOk: 'true',
      }),
      // Broken percent-encoding, kept as typed rather than failing the page.
      'model=%E0%A4%A&colour=100%',
      '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x',
    ].join('&');
    await page.goto(`/?${search}`);

    await expectUnharmed(page, seen);
    const stored = await storedApplication(page);
    const utm = stored.form.utmParameters;
    expect(utm.source).toBe(SCRIPT);
    expect(utm.medium).toBe(IMG);
    expect(utm.campaign).toBe(SVG);
    expect(utm.term).toBe('A'.repeat(200));
    // Direction overrides and control characters are dropped.
    expect(stored.variant).toBe(SVG);
    expect(stored.form.vehicle.make).toBe('Ford');
    expect(stored.form.affiliateUserId).toBe(IMG);
    expect(stored.form.vehicle.vrm).toBe('<b>AB12 CDE</b>');
    expect(stored.form.vehicle.model).toBe('%E0%A4%A');
    expect(stored.form.vehicle.colour).toBe('100%');
    // A javascript: image is refused; a nonsense amount or price is ignored.
    expect(stored.form.vehicle.imageUrl).toBeNull();
    expect(stored.form.loanAmount).toBe(10000);
    expect(stored.form.vehicle.price).toBeNull();
    expect(stored.lockDown).toBe(false);
    expect(stored.isLocked).toBe(false);
    expect(stored.applicationSubmitOk).toBe(false);
  });

  test('an image URL with markup in it is kept as text and never becomes an element', async ({
    page,
  }) => {
    const seen = watch(page);
    const imageUrl = `https://cdn.example.com/car.jpg${IMG}`;
    await page.goto(`/?${query({ imageurl: imageUrl, make: SCRIPT })}`);
    await expectUnharmed(page, seen);
    const stored = await storedApplication(page);
    expect(stored.form.vehicle.imageUrl).toBe(imageUrl);
    expect(stored.form.vehicle.make).toBe(SCRIPT);
  });

  test('attribution cookies: read when the query has no utm_source, inert, capped', async ({
    page,
    context,
    baseURL,
  }) => {
    const seen = watch(page);
    const url = baseURL ?? 'http://127.0.0.1:3100';
    await context.addCookies(
      [
        ['utm_source', encodeURIComponent(SCRIPT)],
        ['utm_medium', `"${encodeURIComponent(IMG)}"`],
        ['utm_campaign', '%E0%A4%A'],
        ['utm_content', 'B'.repeat(3000)],
        ['evo2_source', encodeURIComponent(SVG)],
        ['__proto__', 'polluted'],
      ].map(([name, value]) => ({ name: name!, value: value!, url })),
    );
    await page.goto('/?utm_medium_not_a_parameter=1');

    await expectUnharmed(page, seen);
    const utm = (await storedApplication(page)).form.utmParameters;
    expect(utm.source).toBe(SCRIPT);
    expect(utm.medium).toBe(IMG);
    expect(utm.campaign).toBe('%E0%A4%A');
    expect(utm.content).toBe('B'.repeat(200));
    expect(utm.evo_source).toBe(SVG);
  });

  test('a query utm_source wins and the cookies are then not read at all', async ({
    page,
    context,
    baseURL,
  }) => {
    const seen = watch(page);
    await context.addCookies([
      { name: 'utm_medium', value: encodeURIComponent(IMG), url: baseURL ?? 'http://127.0.0.1' },
    ]);
    await page.goto(`/?${query({ utm_source: 'newsletter' })}`);
    await expectUnharmed(page, seen);
    const utm = (await storedApplication(page)).form.utmParameters;
    expect(utm.source).toBe('newsletter');
    expect(utm.medium ?? null).toBeNull();
  });
});
