import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { holdScripts, watchProblems } from './support/page-load';
import { originFor } from './support/hosts';
import { snap } from './support/screenshots';

// docs/design.md §5 (LCP ≤ 1.2 s): the server sends the start screen as HTML, pre-rendered per brand at
// build time, and the app adopts that markup (hydrateRoot) instead of painting its own.

const HEADING = 'What do you need the money for?';

/** Resolves once React has attached to the page (its fiber keys appear on the h1). */
async function waitForReact(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__react'));
  });
}

test.describe('the pre-rendered start screen', () => {
  for (const brand of [
    { label: null, name: 'Evo Finance', rgb: 'rgb(29, 79, 145)' },
    { label: 'progressive', name: 'Progressive Finance', rgb: 'rgb(91, 42, 134)' },
    { label: 'scoreright', name: 'ScoreRight Finance', rgb: 'rgb(0, 105, 92)' },
    { label: 'bureauplus', name: 'BureauPlus Finance', rgb: 'rgb(163, 18, 58)' },
  ]) {
    test(`${brand.name}: the server's HTML has the screen, the app keeps its nodes`, async ({
      page,
      request,
      baseURL,
    }) => {
      const origin = brand.label === null ? baseURL : originFor(baseURL, brand.label);
      const host = new URL(`${origin}/`).host;
      const response = await request.get('/', { headers: { host } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<h1 class="fieldset__heading" tabindex="-1">${HEADING}</h1>`);
      expect(html).toContain(`<title>${HEADING} – ${brand.name}</title>`);
      expect(html).toContain(`aria-label="Cookies on ${brand.name}"`);
      const policy = response.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(/style-src 'self' 'sha256-[\w+/]{43}='/);
      expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/]{43}='/);
      expect(response.headers()['vary']).toMatch(/Cookie/);

      const problems = watchProblems(page);
      const release = await holdScripts(page);
      await page.goto(`${origin}/`, { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1, name: HEADING });
      // Painted, styled and branded before any of the app's script has run.
      await expect(heading).toBeVisible();
      await expect(page.getByRole('radio', { name: 'A vehicle' })).toBeVisible();
      await expect(page.getByRole('region', { name: `Cookies on ${brand.name}` })).toBeVisible();
      await expect(page.getByRole('img', { name: brand.name })).toBeVisible();
      // Not usable until the app runs it: a choice made now would be undone by its first render.
      await expect(page.locator('#root')).toHaveAttribute('inert', '');
      await expect(page.locator('.header__bar')).toHaveCSS('border-bottom-color', brand.rgb);
      await page.evaluate(() => {
        (window as unknown as { firstHeading: Element | null }).firstHeading =
          document.querySelector('h1');
      });

      release();
      await waitForReact(page);
      expect(
        await page.evaluate(
          () =>
            document.querySelector('h1') ===
            (window as unknown as { firstHeading: Element | null }).firstHeading,
        ),
        'the pre-rendered h1 is the one React now manages',
      ).toBe(true);
      await expect(page).toHaveTitle(`${HEADING} – ${brand.name}`);
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      expect(problems).toEqual([]);

      // And it is the working app: choosing and continuing goes on to the next question.
      await page.getByRole('radio', { name: 'A vehicle' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/loan-type$/);
      expect(problems).toEqual([]);
    });
  }

  test('before any script: no axe violations, and screenshots at phone and laptop widths', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await snap(page, 'first-screen-before-script');
    await expectNoAxeViolations(page);
    release();
    await waitForReact(page);
    await expectNoAxeViolations(page);
  });

  test('a returning visitor sees their answer once the app has started', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto('/');
    await page.getByRole('radio', { name: 'Home improvements' }).check();
    await page.reload();
    await waitForReact(page);
    await expect(page.getByRole('radio', { name: 'Home improvements' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'A vehicle' })).not.toBeChecked();
    expect(problems).toEqual([]);
  });

  test('after the cookie banner is answered, / is painted by the app without the banner', async ({
    page,
    request,
  }) => {
    const problems = watchProblems(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Reject analytics cookies' }).click();
    await page.getByRole('button', { name: 'Hide cookie message' }).click();

    const cookie = 'cookie_consent=rejected';
    const html = await (await request.get('/', { headers: { cookie } })).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(HEADING);

    await page.reload();
    await waitForReact(page);
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Cookies on / })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('the pre-rendered pages are not served under their own paths', async ({ request }) => {
    const response = await request.get('/prerendered/default.html');
    // Any unknown path is the app (which then shows /): never the page without its CSP hash.
    expect(await response.text()).toContain('<div id="root"></div>');
  });
});
