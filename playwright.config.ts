/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * A port nothing listens on, from the operating system (port 0). The config is evaluated
 * synchronously, so a child process binds and closes it. Another program could take the port
 * before the server does; the web server's start then fails loudly rather than testing a stranger.
 */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();" +
    "s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

// Set E2E_PORT to choose the port. Otherwise the runner takes a free one and, as for the
// database below, its workers inherit it through the environment: the whole run shares one.
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePort());
const E2E_PORT = Number(process.env.E2E_PORT);
const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
// The mail catcher's two ports (e2e/support/smtp-catcher.mjs, docs/mail.md), shared the same way.
if (!process.env.E2E_SMTP_PORT) process.env.E2E_SMTP_PORT = String(freePort());
if (!process.env.E2E_SMTP_HTTP_PORT) process.env.E2E_SMTP_HTTP_PORT = String(freePort());
const SMTP_HTTP_URL = `http://127.0.0.1:${process.env.E2E_SMTP_HTTP_PORT}`;

// Playwright evaluates this file in the runner and again in every worker. The runner picks the
// path first and workers inherit its environment, so the whole run shares one fresh database.
// Set E2E_DATABASE_PATH yourself to use a given file, or E2E_KEEP_DATABASE=1 to keep the fresh one.
if (!process.env.E2E_DATABASE_PATH) {
  process.env.E2E_DATABASE_PATH = path.join(
    os.tmpdir(),
    `broker-e2e-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.sqlite`,
  );
  process.env.E2E_DATABASE_GENERATED = '1';
}
const databasePath = process.env.E2E_DATABASE_PATH;

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/support/global-teardown.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // The machine has two cores; one is left for the server under test.
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: the bundled browsers are never downloaded on these machines.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // A real SMTP server on loopback: every e-mail the server sends arrives here.
      command: 'node e2e/support/smtp-catcher.mjs',
      url: `${SMTP_HTTP_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node packages/server/dist/main.js',
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: databasePath,
        // Journeys post many applications from one address in seconds.
        RATE_LIMIT_SUBMISSIONS: '0',
        RATE_LIMIT_LOOKUPS: '0',
        // Every back-office spec signs in from 127.0.0.1 within the same minutes.
        RATE_LIMIT_STAFF_SIGN_IN: '0',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        // Upload links (docs/documents.md) start with the address the browser uses.
        PUBLIC_BASE_URL: E2E_BASE_URL,
        DOCUMENTS_DIR: `${databasePath}-documents`,
      },
    },
  ],
});
