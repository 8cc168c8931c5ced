import path from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../artifacts/screenshots');

/** The phone and laptop sizes every screen is looked at in. */
export const SCREENSHOT_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Writes full-page screenshots of the current screen to
 * e2e/artifacts/screenshots/<name>-390.png and <name>-1280.png, then puts the viewport back.
 * Returns the written paths.
 *
 * They are for people to look at, and nothing asserts on them: `npm test` (and so CI) sets
 * E2E_SCREENSHOTS=0 and takes none, a quarter of the screen specs' time. `npm run screenshots`,
 * or any `npx playwright test` without it, takes them (docs/decisions/0100-ci-time.md).
 */
export async function snap(page: Page, name: string): Promise<string[]> {
  if (process.env.E2E_SCREENSHOTS === '0') return [];
  const original = page.viewportSize();
  const written: string[] = [];
  for (const viewport of SCREENSHOT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    // Fonts and lazy chunks settle before the picture, so the files are comparable run to run.
    await page.evaluate(() => document.fonts.ready);
    const file = path.join(SCREENSHOT_DIR, `${name}-${viewport.width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    written.push(file);
  }
  if (original) await page.setViewportSize(original);
  return written;
}
