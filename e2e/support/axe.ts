import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 A and AA, as docs/design.md §5 asks: axe has no 'wcag22a' tag; its 2.2 A rules are in 2.1. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page (or only inside `context`, a CSS selector such as '[role="dialog"]') and
 * fails with one line per violation: its id, what it means and the elements it found.
 *
 * In the page itself (the builder's legacy mode), and with axe's 560 KB loaded once per document:
 * by default each check would load it twice and open, load and close a second page to merge
 * frame results, which our pages (no frames) do not need. A check went from 1.1 s to 0.34 s, a
 * third of the screen specs' time (docs/performance.md, "The browser tests' time").
 * e2e/axe-checker.spec.ts shows the check still fails on a violation when axe is reused.
 */
export async function expectNoAxeViolations(page: Page, context?: string): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window);
  let builder = new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) })
    .withTags(AXE_TAGS)
    .setLegacyMode();
  if (context !== undefined) builder = builder.include(context);
  const { violations } = await builder.analyze();
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(' ')}`).join('\n'),
  );
  expect(report, `axe violations on ${page.url()}${context ? ` in ${context}` : ''}`).toEqual([]);
}
