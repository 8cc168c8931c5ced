import type { Page } from '@playwright/test';

/** Everything in the page's sessionStorage, key by key (the application is kept there). */
export function sessionStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const entries: Record<string, string> = {};
    for (let index = 0; index < window.sessionStorage.length; index += 1) {
      const key = window.sessionStorage.key(index);
      if (key !== null) entries[key] = window.sessionStorage.getItem(key) ?? '';
    }
    return entries;
  });
}
