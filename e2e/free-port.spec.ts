/**
 * Without E2E_PORT the runner takes a free port (playwright.config.ts) and
 * its workers inherit it, so a run never depends on port 3100 being free.
 */
import { expect, test } from '@playwright/test';

test('the workers and the server under test share the port the runner chose', async ({
  baseURL,
  request,
}) => {
  const chosen = process.env.E2E_PORT;
  expect(chosen).toMatch(/^\d+$/);
  expect(new URL(baseURL ?? '').port).toBe(chosen);
  const response = await request.get('/healthz');
  expect(await response.json()).toEqual({ status: 'ok' });
});
