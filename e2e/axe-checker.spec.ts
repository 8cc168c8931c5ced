import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

// The accessibility check every screen spec relies on (e2e/support/axe.ts) must itself fail on a
// violation, also when axe is already loaded in the document from an earlier check on the same
// page (a single-page app changes screens without loading a new document).

/** A new document (and window), unlike page.setContent, which writes into the same one. */
async function load(page: Page, body: string): Promise<void> {
  const html = `<!doctype html><html lang="en"><head><title>Checker</title></head><body><main>${body}</main></body></html>`;
  await page.goto(`data:text/html,${encodeURIComponent(html)}`);
}

test('the axe check fails on a violation, the first time and when axe is reused in the document', async ({
  page,
}) => {
  await load(page, '<h1>Fine</h1>');
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => 'axe' in window)).toBe(true);

  // Same document, axe still loaded: an image with no text alternative is added.
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    document.querySelector('main')!.append(image);
  });
  const reused = await expectNoAxeViolations(page).then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(reused).toContain('image-alt');

  // A new document, axe loaded afresh.
  await load(page, '<h1>Form</h1><input type="text">');
  expect(await page.evaluate(() => 'axe' in window)).toBe(false);
  const fresh = await expectNoAxeViolations(page).then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(fresh).toContain('label');
});
