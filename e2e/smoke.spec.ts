import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { snap } from './support/screenshots';

test.describe('smoke: the built app served by the real server', () => {
  test('the home page loads, with one h1 and no axe violations', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);

    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');

    await expectNoAxeViolations(page);
    await snap(page, 'smoke-home');
  });

  test('the document response carries the security headers', async ({ page }) => {
    const response = await page.goto('/');
    const headers = response!.headers();

    expect(headers['x-content-type-options']).toBe('nosniff');
    const csp = headers['content-security-policy'];
    expect(csp, 'Content-Security-Policy header').toBeDefined();
    expect(csp).toMatch(/(^|;)\s*default-src\s/);
    // Clickjacking: nobody else may frame the application form.
    expect(csp).toMatch(/(^|;)\s*frame-ancestors\s+('none'|'self')\s*(;|$)/);
  });

  test('an unknown API path answers a JSON 404, not the app shell', async ({ request }) => {
    const response = await request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });
});
