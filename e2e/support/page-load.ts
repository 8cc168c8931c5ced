import { expect, type Page } from '@playwright/test';

// Helpers for looking at a page as the server's HTML paints it, before the app's script runs
// (the pre-rendered first screen, decision 0010, and the step shells, decision 0043).

const ENTRY_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

/** Problems the browser reports: script errors, console errors (hydration), CSP refusals. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Holds the app's entry script back until `release` is called, so a test can look at the page
 * exactly as the server's HTML paints it.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY_SCRIPT, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * The app has taken the page over: the pre-rendered start screen (decision 0010) and a step's
 * shell (docs/decisions/0043-step-shells.md) show at once but are inert, and are live only once
 * the app has fetched what the screen needs and rendered it (main.tsx), its effects run. A spec
 * that cuts the connection must wait for this: cut before, the app's own chunks fail to load,
 * which is not what such a spec tests. So must one that acts as the visitor's first activity.
 */
export async function whenTheAppHasTakenOver(page: Page): Promise<void> {
  const root = page.locator('#root');
  await expect(root).not.toHaveAttribute('data-shell-path');
  await expect(root).not.toHaveAttribute('inert');
}
