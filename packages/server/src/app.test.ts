import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { createLogger } from './logger.js';
import type { TestApp, TestDatabase } from './test-support/databases.js';
import { openTestDatabase, startTestApp } from './test-support/databases.js';
import { validPayload } from './test-support/fixtures.js';

const STRICT_CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';" +
  "connect-src 'self';frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'";

const COMPANY_ENV = {
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

let database: TestDatabase;
let webRoot: string;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase('sqlite', inject('postgresUrl'));
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>Apply</title><script type="module" src="/assets/index-abc123.js"></script>',
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1);');
  fs.writeFileSync(path.join(webRoot, 'robots.txt'), 'User-agent: *');
});
afterAll(async () => {
  await database.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});
afterEach(async () => {
  await t.close();
});

async function start(env: Record<string, string> = {}) {
  t = await startTestApp(database, { env, webRoot });
  return t;
}

function postRaw(url: string, body: string, contentType: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url,
    body,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });
}

describe('bad input never gets a 500', () => {
  it('answers 400 invalid_payload with every field problem', async () => {
    await start();
    const payload = {
      ...validPayload(),
      email: 'not an e-mail',
      termsAndConditionsAgreed: false,
      addresses: [{ addressIndex: 0, postcode: 'NOPE', yearsAtAddress: 1, monthsAtAddress: 0 }],
    } as Record<string, unknown>;
    delete payload.lastName;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/submission/${String(payload.submissionKey)}`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; fields: { path: string; message: string }[] }>();
    expect(body.error).toBe('invalid_payload');
    // The address has no lines and no residential status: the screens' rules say so too.
    expect(body.fields.map((field) => field.path).sort()).toEqual([
      'addresses.0',
      'addresses.0.postcode',
      'addresses.0.residentialStatus',
      'email',
      'lastName',
      'termsAndConditionsAgreed',
    ]);
    expect(body.fields.every((field) => field.message.length > 0)).toBe(true);
  });

  it('answers 400 when the body key differs from the path key', async () => {
    await start();
    const payload = validPayload();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/submission/${randomUUID()}`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_payload',
      fields: [{ path: 'submissionKey', message: 'Must equal the submission key in the address' }],
    });
  });

  it('answers 400 for a submission key that is not URL-safe', async () => {
    await start();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/submission/bad%20key%3Cscript%3E',
      payload: validPayload({ submissionKey: 'bad key<script>' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: { path: string }[] }>().fields[0]?.path).toBe('submissionKey');
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    await start();
    const response = await postRaw('/api/submission/abc-123', '[1,2]', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe('invalid_payload');
  });

  it('answers 400 malformed_json for broken or empty JSON', async () => {
    await start();
    for (const body of ['{"submissionKey":', '']) {
      const response = await postRaw('/api/submission/abc-123', body, 'application/json');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'malformed_json' });
    }
  });

  it('answers 400 for a __proto__ key', async () => {
    await start();
    const response = await postRaw(
      '/api/submission/abc-123',
      '{"__proto__":{"admin":true}}',
      'application/json',
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('stack');
  });

  it('answers 413 over 64 KiB', async () => {
    await start();
    const payload = { ...validPayload(), userAgent: 'x'.repeat(70 * 1024) };
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/submission/${payload.submissionKey}`,
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'payload_too_large' });

    const partial = await t.app.inject({
      method: 'POST',
      url: `/api/submission/partial/${payload.submissionKey}`,
      payload: { ...payload, IsCompleted: false },
    });
    expect(partial.statusCode).toBe(413);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers 415 for %s',
    async (contentType) => {
      await start();
      const payload = validPayload();
      for (const url of [
        `/api/submission/${payload.submissionKey}`,
        `/api/submission/partial/${payload.submissionKey}`,
      ]) {
        const response = await postRaw(url, JSON.stringify(payload), contentType);
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({ error: 'unsupported_media_type' });
      }
    },
  );

  it('accepts JSON with a charset', async () => {
    await start();
    const payload = validPayload();
    const response = await postRaw(
      `/api/submission/${payload.submissionKey}`,
      JSON.stringify(payload),
      'application/json; charset=utf-8',
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 after RATE_LIMIT_SUBMISSIONS a minute from one address, not another', async () => {
    await start({ RATE_LIMIT_SUBMISSIONS: '2' });
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/submission/partial/some-key-1',
        payload: {},
        remoteAddress,
      });
    expect((await send('192.0.2.1')).statusCode).toBe(400);
    expect((await send('192.0.2.1')).statusCode).toBe(400);
    const limited = await send('192.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await send('192.0.2.2')).statusCode).toBe(400);
  });

  it('applies RATE_LIMIT_LOOKUPS to the address lookups', async () => {
    await start({ RATE_LIMIT_LOOKUPS: '1' });
    expect((await t.app.inject('/api/address/SW1A2AA')).statusCode).toBe(200);
    expect((await t.app.inject('/api/address/SW1A2AA')).statusCode).toBe(429);
  });

  it('turns a limit off with 0', async () => {
    await start({ RATE_LIMIT_SUBMISSIONS: '0' });
    for (let i = 0; i < 30; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/submission/partial/some-key-1',
        payload: {},
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('API odds and ends', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    await start();
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/nothing/here'],
      ['GET', '/api'],
      ['DELETE', '/api/submission/abc-123'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
  });

  it('serves /api/config with what the browser needs', async () => {
    await start();
    const response = await t.app.inject('/api/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      environment: 'local',
      apiBase: '',
      company: t.config.company,
      portal: { thankYouUrl: '/portal/thank-you', welcomeBackUrl: '/portal/welcome-back' },
      features: { PCAPostCodeLookup: true, RedirectToCustomerPortal: true },
      addressLookup: true,
      tagManager: false,
    });
  });

  it('answers /healthz and /readyz', async () => {
    await start();
    const health = await t.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('database unavailable', () => {
  it.each([
    ['SQLite closed', () => ({ DATABASE_URL: path.join(os.tmpdir(), `gone-${Date.now()}.db`) })],
    // Nothing listens on port 1: connections are refused.
    ['PostgreSQL unreachable', () => ({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' })],
  ])('%s: /readyz and submissions answer 503', async (_name, env) => {
    const config = loadConfig({ ...env(), RATE_LIMIT_SUBMISSIONS: '0' });
    const db = openDatabase(config.database);
    if (config.database.kind === 'sqlite') {
      await sql`select 1`.execute(db);
      await db.destroy();
    }
    const app = await buildApp({ config, db, logger: createLogger('silent'), webRoot });
    try {
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });

      const payload = validPayload();
      const response = await app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'unavailable' });
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      if (config.database.kind === 'postgres') await db.destroy();
      if (config.database.kind === 'sqlite') fs.rmSync(config.database.file, { force: true });
    }
  });
});

describe('the web app', () => {
  it('serves index.html for / and for any non-API path, revalidated every time', async () => {
    await start();
    for (const url of ['/', '/personal', '/address/2?utm_source=x', '/index.html']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Apply</title>');
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    await start();
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await t.app.inject('/robots.txt');
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('sends the Brotli or gzip copy of an asset to a browser that accepts it', async () => {
    const script = 'console.log("a script long enough to be worth compressing");\n'.repeat(40);
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-def456.js'), script);
    fs.writeFileSync(
      path.join(webRoot, 'assets', 'app-def456.js.br'),
      zlib.brotliCompressSync(script),
    );
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-def456.js.gz'), zlib.gzipSync(script));
    await start();
    const br = await t.app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject('/assets/app-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  describe('the pre-rendered start screen', () => {
    const style = 'body{margin:0}';
    const styleHash = 'sha256-' + 'A'.repeat(42) + 'Q=';
    const scriptHash = 'sha256-' + 'B'.repeat(42) + 'Q=';
    const prerendered = () => path.join(webRoot, 'prerendered');
    beforeAll(() => {
      fs.mkdirSync(prerendered());
      for (const brand of ['default', 'progressive']) {
        fs.writeFileSync(
          path.join(prerendered(), `${brand}.html`),
          `<!doctype html><title>Start</title><style>${style}</style><div id="root" data-prerendered="${brand}"></div>`,
        );
      }
      fs.writeFileSync(
        path.join(prerendered(), 'pages.json'),
        JSON.stringify({
          default: { file: 'default.html', styleHash, scriptHash },
          progressive: { file: 'progressive.html', styleHash, scriptHash },
        }),
      );
    });
    afterAll(() => fs.rmSync(prerendered(), { recursive: true, force: true }));

    it("sends / as the host's brand's page, its style and script hashes added to the CSP", async () => {
      await start();
      for (const [host, brand] of [
        ['localhost:3000', 'default'],
        ['progressive.example.co.uk', 'progressive'],
        ['apply.progressive-finance.example', 'progressive'],
      ] as const) {
        const response = await t.app.inject({ url: '/?utm_source=ad', headers: { host } });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(`data-prerendered="${brand}"`);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers.vary).toMatch(/\bCookie\b/);
        expect(response.headers['content-security-policy']).toBe(
          STRICT_CSP.replace("style-src 'self'", `style-src 'self' '${styleHash}'`).replace(
            "script-src 'self'",
            `script-src 'self' '${scriptHash}'`,
          ),
        );
      }
    });

    it('sends index.html, under the strict CSP, once the cookie banner is answered', async () => {
      await start();
      for (const cookie of ['cookie_consent=accepted', 'a=1; cookie_consent=rejected']) {
        const response = await t.app.inject({ url: '/', headers: { cookie } });
        expect(response.body).toContain('<title>Apply</title>');
        expect(response.headers['content-security-policy']).toBe(STRICT_CSP);
      }
      const unknown = await t.app.inject({ url: '/', headers: { cookie: 'cookie_consent=maybe' } });
      expect(unknown.body).toContain('data-prerendered="default"');
    });

    it('never serves the pages under their own paths, and other paths stay index.html', async () => {
      await start();
      for (const url of ['/prerendered/default.html', '/prerendered/pages.json', '/personal']) {
        const response = await t.app.inject(url);
        expect(response.body).toContain('<title>Apply</title>');
        expect(response.headers['content-security-policy']).toBe(STRICT_CSP);
      }
    });
  });

  it('answers a missing asset with 404, not index.html', async () => {
    await start();
    const response = await t.app.inject('/assets/index-old999.js');
    expect(response.statusCode).toBe(404);
  });

  it('answers 503 JSON when the web app is not built, and the API still works', async () => {
    t = await startTestApp(database, { webRoot: path.join(webRoot, 'missing') });
    const page = await t.app.inject('/');
    expect(page.statusCode).toBe(503);
    expect(page.json()).toMatchObject({ error: 'web_app_not_built' });
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, no HSTS locally, and the other headers', async () => {
    await start();
    for (const url of ['/', '/api/config', '/api/nothing']) {
      const response = await t.app.inject(url);
      expect(response.headers['content-security-policy']).toBe(STRICT_CSP);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['permissions-policy']).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      );
    }
  });

  it('adds HSTS and upgrade-insecure-requests outside local', async () => {
    await start({ ENVIRONMENT: 'production', ...COMPANY_ENV });
    const response = await t.app.inject('/');
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(response.headers['content-security-policy']).toBe(
      `${STRICT_CSP};upgrade-insecure-requests`,
    );
  });

  it('allows the tag manager origin only when configured', async () => {
    await start({ GTM_ENABLED: 'true' });
    const csp = (await t.app.inject('/')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(csp).toContain("connect-src 'self' https://www.googletagmanager.com;");
    expect(csp).not.toContain('unsafe-inline');
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ tagManager: true });
  });
});

describe('the API base the browser calls', () => {
  it('is the page’s own origin by default, and the configured one otherwise, allowed by the CSP', async () => {
    await start();
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ apiBase: '' });
    await t.close();

    await start({
      ENVIRONMENT: 'uat',
      ...COMPANY_ENV,
      PUBLIC_API_BASE_URL: 'https://api.uat.example.com/',
    });
    expect((await t.app.inject('/api/config')).json()).toMatchObject({
      environment: 'uat',
      apiBase: 'https://api.uat.example.com',
    });
    const csp = (await t.app.inject('/')).headers['content-security-policy'] as string;
    expect(csp).toContain("connect-src 'self' https://api.uat.example.com;");
  });
});

describe('logs', () => {
  it('never contain the applicant’s personal data or the request body', async () => {
    await start();
    const payload = validPayload({
      firstName: 'Zebedee',
      lastName: 'Quartermaine',
      email: 'zebedee.q@example.org',
      contactNumber: '07911900987',
      dateOfBirth: '1977-07-07T00:00:00.000',
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/submission/${payload.submissionKey}`,
      payload,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/submission/${payload.submissionKey}`,
      payload: { ...payload, email: 'broken' },
    });
    await t.app.inject('/api/address/SW1A2AA?email=zebedee.q@example.org');
    const text = JSON.stringify(t.logs());
    expect(t.logs().filter((line) => line.msg === 'request completed')).toHaveLength(3);
    for (const secret of [
      'Zebedee',
      'Quartermaine',
      'zebedee.q',
      '07911900987',
      '1977-07-07',
      'SW1A',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('/api/address/:postcode');
  });

  it('writes the request line with the keys every line has, its path without the query', async () => {
    await start();
    const payload = validPayload({ email: 'line.keys@example.org' });
    await t.app.inject({
      method: 'POST',
      url: `/api/submission/${payload.submissionKey}?email=line.keys@example.org`,
      payload,
    });
    const lines = t.logs().filter((line) => line.msg === 'request completed');
    expect(lines).toHaveLength(1);
    expect(Object.keys(lines[0]!)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(lines[0]).toMatchObject({
      level: 30,
      pid: process.pid,
      reqId: expect.stringMatching(/^req-/) as unknown,
      req: {
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        remoteAddress: '127.0.0.1',
      },
      res: { statusCode: 200 },
    });
    expect(lines[0]!.responseTime).toBeGreaterThan(0);
  });

  it('writes no request line below its level', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: loadConfig({ DATABASE_URL: database.url, RATE_LIMIT_LOOKUPS: '0' }),
      db: database.db,
      logger: createLogger('warn', { write: (line: string) => void lines.push(line) }),
      webRoot,
      backOfficeRoot: path.join(os.tmpdir(), 'broker-no-back-office'),
    });
    try {
      expect((await app.inject('/robots.txt')).statusCode).toBe(200);
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('redacts personal keys in anything logged', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info(
      { firstName: 'A', applicant: { email: 'a@b.c', address: { postcode: 'X' } }, safe: 1 },
      'x',
    );
    expect(JSON.parse(lines[0]!)).toMatchObject({
      firstName: '[redacted]',
      applicant: { email: '[redacted]', address: '[redacted]' },
      safe: 1,
    });
  });
});
