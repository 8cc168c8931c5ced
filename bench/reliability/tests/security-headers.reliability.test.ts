/**
 * The security headers (docs/security.md, "4. What stops abuse") are on every answer, including
 * errors (400, 404, 413, 415, 429, 503), not only on pages: a browser applies nosniff and the CSP
 * to whatever it gets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../packages/server/src/app.js';
import { loadConfig } from '../../../packages/server/src/config.js';
import { openDatabase } from '../../../packages/server/src/db/connection.js';
import { createLogger } from '../../../packages/server/src/logger.js';
import { buildServer, startServer } from '../harness/server-process.js';
import type { TestApp, TestDatabase } from '../../../packages/server/src/test-support/databases.js';
import {
  openTestDatabase,
  startTestApp,
} from '../../../packages/server/src/test-support/databases.js';
import { validPayload } from '../../../packages/server/src/test-support/fixtures.js';

const PRODUCTION_ENV = {
  ENVIRONMENT: 'production',
  COMPANY_NAME: 'Acme Broking Ltd',
  COMPANY_NUMBER: '12345678',
  FCA_NUMBER: '123456',
  COMPANY_ADDRESS: '2 High Street, Leeds, LS1 1AA',
  COMPANY_EMAIL: 'help@acme.example',
  COMPANY_PHONE: '0113 496 0000',
  ICO_NUMBER: 'ZA123456',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PORTAL_CODE_SECRET: 'a-test-secret-of-at-least-32-characters',
  STAFF_IDENTIFIER_SECRET: 'another-test-secret-of-32-characters!',
};

type Headers = Record<string, string | string[] | number | undefined>;

function directives(headers: Headers): Map<string, string[]> {
  const csp = String(headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...values]) => [name as string, values]),
  );
}

/** What every answer carries, wherever it comes from. */
function expectSecurityHeaders(headers: Headers, where: string): void {
  const csp = directives(headers);
  expect(csp.get('default-src'), where).toEqual(["'self'"]);
  expect(csp.get('script-src'), where).toEqual(["'self'"]);
  expect(csp.get('style-src'), where).toEqual(["'self'"]);
  expect(csp.get('object-src'), where).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), where).toEqual(["'none'"]);
  expect(csp.get('base-uri'), where).toEqual(["'self'"]);
  expect(csp.get('form-action'), where).toEqual(["'self'"]);
  expect(String(headers['content-security-policy']), where).not.toMatch(/unsafe-(inline|eval)/);
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['cross-origin-opener-policy'], where).toBe('same-origin');
  expect(headers['permissions-policy'], where).toMatch(/camera=\(\).*geolocation=\(\)/);
  // Nothing that names the software or its version.
  expect(headers['x-powered-by'], where).toBeUndefined();
  expect(headers.server, where).toBeUndefined();
}

let database: TestDatabase;
let webRoot: string;

beforeAll(async () => {
  database = await openTestDatabase('sqlite', inject('postgresUrl'));
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Apply</title>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc.js'), 'export {};');
});
afterAll(async () => {
  await database.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** One request for each kind of answer the app gives. */
async function everyKindOfAnswer(t: TestApp): Promise<[string, LightMyRequestResponse][]> {
  const payload = validPayload();
  const post = (url: string, body: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, body, headers: { 'content-type': contentType } });
  const answers: [string, LightMyRequestResponse][] = [
    ['page', await t.app.inject('/')],
    ['deep link', await t.app.inject('/personal?utm_source=x')],
    ['asset', await t.app.inject('/assets/index-abc.js')],
    ['config', await t.app.inject('/api/config')],
    ['readyz', await t.app.inject('/readyz')],
    ['submission', await post(`/api/submission/${payload.submissionKey}`, JSON.stringify(payload))],
    ['invalid', await post('/api/submission/abc', '{"submissionKey":"abc"}')],
    ['malformed', await post('/api/submission/abc', '{')],
    ['too large', await post('/api/submission/abc', `{"a":"${'x'.repeat(70_000)}"}`)],
    ['wrong type', await post('/api/submission/abc', 'a=1', 'application/x-www-form-urlencoded')],
    ['not found', await t.app.inject('/api/nothing')],
    ['missing asset', await t.app.inject('/assets/gone.js')],
    ['report', await post('/api/client-errors', '{"message":"x","kind":"error"}')],
    ['unknown post', await post('/api/unknown', '{}')],
  ];
  return answers;
}

describe('security headers on every answer', () => {
  it('locally: the strict CSP and the other headers, without HSTS', async () => {
    const t = await startTestApp(database, { webRoot });
    try {
      const answers = await everyKindOfAnswer(t);
      expect(answers.map(([name, r]) => `${name} ${r.statusCode}`)).toEqual([
        'page 200',
        'deep link 200',
        'asset 200',
        'config 200',
        'readyz 200',
        'submission 200',
        'invalid 400',
        'malformed 400',
        'too large 413',
        'wrong type 415',
        'not found 404',
        'missing asset 404',
        'report 204',
        'unknown post 404',
      ]);
      for (const [name, response] of answers) {
        expectSecurityHeaders(response.headers, name);
        expect(response.headers['strict-transport-security'], name).toBeUndefined();
        expect(directives(response.headers).has('upgrade-insecure-requests'), name).toBe(false);
      }
    } finally {
      await t.close();
    }
  });

  it('outside local: HSTS for a year with subdomains, and upgrade-insecure-requests', async () => {
    const t = await startTestApp(database, { webRoot, env: PRODUCTION_ENV });
    try {
      for (const [name, response] of await everyKindOfAnswer(t)) {
        expectSecurityHeaders(response.headers, name);
        expect(response.headers['strict-transport-security'], name).toBe(
          'max-age=31536000; includeSubDomains',
        );
        expect(directives(response.headers).get('upgrade-insecure-requests'), name).toEqual([]);
      }
    } finally {
      await t.close();
    }
  });

  it('on 429 (rate limited) and 503 (database unavailable) answers too', async () => {
    const limited = await startTestApp(database, { webRoot, env: { RATE_LIMIT_SUBMISSIONS: '1' } });
    try {
      const payload = validPayload();
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: `/api/submission/${payload.submissionKey}`,
          payload,
        });
      await send();
      const response = await send();
      expect(response.statusCode).toBe(429);
      expectSecurityHeaders(response.headers, '429');
    } finally {
      await limited.close();
    }

    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    const db = openDatabase(config.database);
    const app = await buildApp({ config, db, logger: createLogger('silent'), webRoot });
    try {
      const response = await app.inject('/readyz');
      expect(response.statusCode).toBe(503);
      expectSecurityHeaders(response.headers, '503');
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('over real HTTP from the built server, which adds no X-Powered-By or Server header', async () => {
    buildServer();
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-headers-'));
    const server = await startServer({ databaseUrl: path.join(directory, 'app.db') });
    try {
      for (const [name, init] of [
        ['healthz', undefined],
        [
          'bad submission',
          { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } },
        ],
      ] as const) {
        const url = name === 'healthz' ? '/healthz' : '/api/submission/abc';
        const response = await fetch(`${server.url}${url}`, init);
        await response.arrayBuffer();
        expectSecurityHeaders(Object.fromEntries(response.headers), name);
      }
    } finally {
      await server.stop();
      fs.rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
