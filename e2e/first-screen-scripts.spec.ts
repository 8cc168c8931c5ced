import { expect, test } from '@playwright/test';

// docs/design.md §5's first-screen budget, as Chromium loads `/`: until the network is idle the
// first screen fetches its entry and the start screen's chunk and no other script (the funnel
// report is in the entry, docs/decisions/0046-option-labels-out-of-the-first-screen.md), and still
// reports its funnel step. The bytes are the budget check's (`node bench/check-budgets.mjs`); this
// checks the set.

/** '/assets/start-screen-AbCd1234.js' → 'start-screen'. */
const chunkName = (url: string) =>
  new URL(url).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');

test('until the network is idle, / fetches only its entry and the start screen’s script, and reports its funnel step', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(chunkName(request.url()));
  });
  const beacon = page.waitForRequest(
    (sent) => sent.url().endsWith('/api/funnel') && sent.method() === 'POST',
  );
  await page.goto('/', { waitUntil: 'networkidle' });
  const sent = await beacon;
  expect(JSON.parse(sent.postData() ?? '{}')).toEqual({
    step: 'start',
    branch: 'vehicle',
    affiliate: 'default',
  });
  // Taken once the report has gone: the code that sent it was fetched by then.
  expect([...scripts].sort()).toEqual(['index', 'start-screen']);
  await expect(page.getByRole('radio', { name: 'A vehicle' })).toBeEnabled();
});
