/**
 * Property-based bad input over every endpoint of the real app (app.inject), on both databases
 * (docs/reliability.md, "Hostile input"). Whatever arrives, the answer is a 4xx JSON error (or 200
 * when the input is in fact valid), never a 5xx; a rejected request stores nothing; and nothing
 * reaches Object.prototype. The oracle for submissions is the shared schema and the journey's step
 * rules over the payload's answers (decision 0039) plus the transport rules (docs/design.md §3:
 * 64 KiB, JSON only, `__proto__` refused), so a valid mutation must be stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  partialSubmissionPayloadSchema,
  payloadStepProblems,
  submissionPayloadSchema,
} from '@broker/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import { SUBMISSION_BODY_LIMIT } from './routes.js';

/** Per property: enough variety to find a crash, few enough to keep the file to seconds. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
/** A test's time limit: a wide margin over about 20 ms a run on a busy machine. */
const TIMEOUT = 30_000 + RUNS * 1000;

const OBJECT_PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

// Strings that have broken other people's servers, storage or pages.
const NASTY_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "'; DROP TABLE applications; --",
  "' OR '1'='1",
  "1'); select pg_sleep(30); --",
  'Robert"); DELETE FROM applications WHERE ("1"="1',
  '${7*7}{{7*7}}',
  "{{constructor.constructor('return process')()}}",
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '\u200f\u200e',
  '\ufeff',
  '\u2028\u2029',
  '\r\n\r\nX-Injected: 1',
  '%00%0d%0a',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'ＳＷ１Ａ　１ＡＡ',
  '𝕬𝖉𝖆',
  'ﷺ',
  'Z̴̡̛a̶l̷g̸o̵',
  '',
  ' ',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const control = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));

const hostileString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.oneof(loneSurrogate, control, fc.constantFrom('a', '\u202e', '<')) }),
  // Huge: from just over the fields' limits to past the body limit.
  fc
    .tuple(fc.constantFrom('a', 'é', '𝕬', '<'), fc.integer({ min: 51, max: 70_000 }))
    .map(([unit, n]) => unit.repeat(n)),
);

/**
 * Arrays or objects nested `depth` deep. JSON.stringify is recursive and would overflow on it, so
 * `toJson` writes it as text; it describes itself to fast-check's printer for the same reason.
 */
class Deep {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
  ) {}
  text(): string {
    const [open, close] = this.kind === 'array' ? ['[', ']'] : ['{"a":', '}'];
    return `${open.repeat(this.depth)}"deep"${close.repeat(this.depth)}`;
  }
  [fc.toStringMethod](): string {
    return `${this.kind}s ${this.depth} deep`;
  }
}

/** JSON.stringify that writes Deep values as their text. */
function toJson(value: unknown): string {
  const deep: Deep[] = [];
  const text =
    JSON.stringify(value, (_key, item: unknown) =>
      item instanceof Deep ? `\u0000deep${deep.push(item) - 1}` : item,
    ) ?? 'null';
  return text.replace(/"\\u0000deep(\d+)"/g, (_match, i: string) => deep[Number(i)]!.text());
}

/**
 * encodeURIComponent, but a lone surrogate (which it refuses) becomes U+FFFD, as a browser
 * sends it.
 */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.1, -0, 1e-320),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 5 }),
  fc.integer({ min: 0, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc
    .tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom('array', 'object' as const))
    .map(([depth, kind]) => new Deep(depth, kind)),
);

const PAYLOAD_KEYS = Object.keys(validPayload());
const NESTED_PATHS = [
  ['addresses', 0, 'postcode'],
  ['addresses', 0, 'yearsAtAddress'],
  ['addresses', 0],
  ['employments', 0, 'employerName'],
  ['employments', 0, 'employmentIndex'],
  ['JointApplicant'],
  ['securityAddress'],
];
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'status', 'outcome', ''];

type Mutation =
  | { kind: 'delete'; path: (string | number)[] }
  | { kind: 'set'; path: (string | number)[]; value: unknown }
  | { kind: 'extra'; at: 'top' | 'address'; key: string; value: unknown };

const pathArbitrary = fc.oneof(
  fc.constantFrom(...PAYLOAD_KEYS).map((key) => [key] as (string | number)[]),
  fc.constantFrom(...NESTED_PATHS),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  pathArbitrary.map((p): Mutation => ({ kind: 'delete', path: p })),
  fc.record({ kind: fc.constant('set' as const), path: pathArbitrary, value: hostileValue }),
  fc.record({
    kind: fc.constant('extra' as const),
    at: fc.constantFrom('top' as const, 'address' as const),
    key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })),
    value: fc.oneof(
      hostileValue,
      fc.constant({ polluted: true }),
      fc.constant({ prototype: { polluted: true } }),
    ),
  }),
);

/** Own, enumerable properties even for `__proto__`, so JSON.stringify writes the key. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function apply(payload: Record<string, unknown>, change: Mutation): void {
  if (change.kind === 'extra') {
    const address = (payload.addresses as unknown[] | undefined)?.[0];
    const target =
      change.at === 'address' && typeof address === 'object' && address !== null
        ? (address as Record<string, unknown>)
        : payload;
    define(target, change.key, change.value);
    return;
  }
  let target: unknown = payload;
  for (const step of change.path.slice(0, -1)) {
    target = (target as Record<string | number, unknown> | null)?.[step];
  }
  if (typeof target !== 'object' || target === null) return;
  const last = change.path[change.path.length - 1] as string | number;
  if (change.kind === 'delete') delete (target as Record<string | number, unknown>)[last];
  else define(target as Record<string, unknown>, String(last), change.value);
}

function mutatedPayload(
  changes: readonly Mutation[],
  route: 'submission' | 'partial' = 'submission',
): { key: string; body: string } {
  const payload = JSON.parse(JSON.stringify(validPayload())) as Record<string, unknown>;
  // A partial save says so.
  if (route === 'partial') payload.IsCompleted = false;
  const key = payload.submissionKey as string;
  for (const change of changes) apply(payload, change);
  return { key, body: toJson(payload) };
}

/** secure-json-parse (Fastify's JSON parser) refuses these keys anywhere in a body. */
function hasPoisonedKey(root: unknown): boolean {
  const own = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);
  // A stack, not recursion: the body may be nested thousands deep.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (own(value, '__proto__')) return true;
    const ctor = own(value, 'constructor') ? (value as { constructor: unknown }).constructor : null;
    if (typeof ctor === 'object' && ctor !== null && own(ctor, 'prototype')) return true;
    stack.push(...Object.values(value as Record<string, unknown>));
  }
  return false;
}

/** What docs/design.md §3 says the answer must be. */
function expectedStatus(route: 'submission' | 'partial', key: string, body: string): number {
  if (Buffer.byteLength(body) > SUBMISSION_BODY_LIMIT) return 413;
  const parsed = JSON.parse(body) as unknown;
  if (hasPoisonedKey(parsed)) return 400;
  const bodyKey = (parsed as { submissionKey?: unknown }).submissionKey;
  if (typeof bodyKey === 'string' && bodyKey !== key) return 400;
  const schema = route === 'submission' ? submissionPayloadSchema : partialSubmissionPayloadSchema;
  const result = schema.safeParse(parsed);
  if (!result.success) return 400;
  // The test app's clock stands at 10 March 2026 (test-support/databases.ts).
  const today = { year: 2026, month: 3, day: 10 };
  if (payloadStepProblems(result.data, { complete: route === 'submission', today }).length > 0) {
    return 400;
  }
  return route === 'submission' ? 200 : 202;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'text/html',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/octet-stream',
  '',
];

describe.each<DialectName>(['sqlite', 'postgres'])('hostile input on %s', (dialect) => {
  let database: TestDatabase;
  let webRoot: string;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Apply</title>');
    t = await startTestApp(database, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });
  afterEach(() => {
    // No input may reach Object.prototype, however it was spelt.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(OBJECT_PROTOTYPE_KEYS);
  });

  async function rows(): Promise<number> {
    const result = await sql<{ n: string | number }>`
      select (select count(*) from applications) + (select count(*) from portal_accounts)
        + (select count(*) from delivery_events)
        + (select count(*) from disclosures_served) as n`.execute(database.db);
    return Number(result.rows[0]?.n);
  }

  async function stored(key: string): Promise<string | undefined> {
    const row = await database.db
      .selectFrom('applications')
      .select('status')
      .where('submission_key', '=', key)
      .executeTakeFirst();
    return row?.status;
  }

  function post(url: string, body: string | Buffer, contentType?: string) {
    return t.app.inject({
      method: 'POST',
      url,
      body,
      headers: contentType === undefined ? {} : { 'content-type': contentType },
    });
  }

  /** A refused request: 4xx, a JSON error body, no row anywhere. */
  function expectRefused(
    response: Awaited<ReturnType<typeof post>>,
    before: number,
    after: number,
  ): void {
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json<{ error?: unknown }>().error).toEqual(expect.any(String));
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
    expect(after).toBe(before);
  }

  it(
    'a mutated submission is stored when the schema accepts it, refused with 4xx when not',
    async () => {
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('submission' as const, 'partial' as const),
          fc.array(mutation, { minLength: 1, maxLength: 3 }),
          async (route, changes) => {
            const { key, body } = mutatedPayload(changes, route);
            const expected = expectedStatus(route, key, body);
            const url =
              route === 'submission' ? `/api/submission/${key}` : `/api/submission/partial/${key}`;
            const before = await rows();
            const response = await post(url, body, 'application/json');
            const after = await rows();
            seen.add(response.statusCode);
            expect(response.statusCode).toBe(expected);
            if (expected >= 400) {
              expectRefused(response, before, after);
            } else {
              expect(await stored(key)).toBe(route === 'submission' ? 'complete' : 'partial');
            }
          },
        ),
        { numRuns: RUNS * 3 },
      );
      // The generator reaches both sides of the line.
      expect([...seen].some((status) => status < 300)).toBe(true);
      expect([...seen].some((status) => status === 400)).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'truncated, malformed or non-JSON bodies under any content type are refused with 4xx',
    async () => {
      const valid = JSON.stringify(validPayload());
      const body = fc.oneof(
        fc.integer({ min: 0, max: valid.length - 1 }).map((n) => valid.slice(0, n)),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom(
          '',
          'null',
          '[]',
          '"text"',
          '42',
          'true',
          '{',
          '{"a":}',
          '{"a":1,}',
          "{'a':1}",
        ),
        fc.constantFrom(
          '{"__proto__":{"polluted":true}}',
          '{"constructor":{"prototype":{"polluted":true}}}',
        ),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
        fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('/api/submission/', '/api/submission/partial/', '/api/disclosures/'),
          body,
          fc.constantFrom(...CONTENT_TYPES, undefined),
          async (route, payload, contentType) => {
            const key = 'k' + Math.random().toString(36).slice(2);
            const before = await rows();
            const response = await post(`${route}${key}`, payload, contentType);
            expectRefused(response, before, await rows());
            if (contentType !== undefined && !/json/i.test(contentType)) {
              expect([400, 415]).toContain(response.statusCode);
            }
          },
        ),
        { numRuns: RUNS * 2 },
      );
    },
    TIMEOUT,
  );

  it(
    'bodies around and far over 64 KiB answer 413 and store nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.integer({ min: SUBMISSION_BODY_LIMIT + 1, max: SUBMISSION_BODY_LIMIT + 64 }),
            fc.integer({ min: SUBMISSION_BODY_LIMIT + 1, max: 4 * 1024 * 1024 }),
          ),
          fc.constantFrom(
            '/api/submission/big',
            '/api/submission/partial/big',
            '/api/client-errors',
            '/api/disclosures/big',
          ),
          async (size, url) => {
            const payload = validPayload({ submissionKey: 'big' }) as unknown as Record<
              string,
              unknown
            >;
            const skeleton = JSON.stringify({ ...payload, padding: '' });
            const body = skeleton.replace(
              '"padding":""',
              `"padding":"${'x'.repeat(size - skeleton.length)}"`,
            );
            expect(Buffer.byteLength(body)).toBe(size);
            const before = await rows();
            const response = await post(url, body, 'application/json');
            expectRefused(response, before, await rows());
            expect(response.statusCode).toBe(413);
          },
        ),
        { numRuns: RUNS / 2 },
      );
    },
    TIMEOUT,
  );

  it(
    'hostile submission keys in the path are refused without a 5xx',
    async () => {
      const key = fc.oneof(
        fc.constantFrom(...NASTY_STRINGS).filter((s) => s !== ''),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 120 }),
        fc.constantFrom(
          '..',
          '.',
          '%2e%2e%2f',
          '%00',
          '%zz',
          '%E0%A4%A',
          'a'.repeat(101),
          'a'.repeat(5000),
        ),
      );
      await fc.assert(
        fc.asyncProperty(key, fc.boolean(), fc.boolean(), async (raw, escape, partial) => {
          const segment = escape ? encode(raw) : raw;
          const payload = JSON.stringify(
            validPayload({ submissionKey: undefined as unknown as string }),
          );
          const before = await rows();
          const response = await post(
            `/api/submission/${partial ? 'partial/' : ''}${segment}`,
            payload,
            'application/json',
          );
          expect(response.statusCode).toBeLessThan(500);
          // A key the schema accepts (URL-safe, ≤ 100) is a valid submission; anything else is not.
          if (response.statusCode >= 400) expectRefused(response, before, await rows());
          else expect(/^[A-Za-z0-9._~-]{1,100}$/.test(raw)).toBe(true);
        }),
        { numRuns: RUNS * 2 },
      );
    },
    TIMEOUT,
  );

  it(
    'address lookups answer 200 or 400 JSON for any postcode or id',
    async () => {
      const text = fc.oneof(
        fc.constantFrom(...NASTY_STRINGS).filter((s) => s !== ''),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }),
        fc.constantFrom('SW1A 1AA', 'sw1a1aa', 'LS1 4AP', 'M1 1AA', '12345', 'A'.repeat(500)),
      );
      await fc.assert(
        fc.asyncProperty(text, fc.boolean(), async (raw, byId) => {
          const before = await rows();
          const response = await t.app.inject(`/api/address/${byId ? 'id/' : ''}${encode(raw)}`);
          expect([200, 400, 404]).toContain(response.statusCode);
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          const answer = response.json<{ Items?: unknown[]; error?: string }>();
          if (response.statusCode === 200) expect(Array.isArray(answer.Items)).toBe(true);
          else expect(answer.error).toEqual(expect.any(String));
          expect(await rows()).toBe(before);
        }),
        { numRuns: RUNS * 2 },
      );
    },
    TIMEOUT,
  );

  it(
    'client error reports take valid reports (204) and refuse anything else with 4xx',
    async () => {
      const report = fc.oneof(
        fc.record(
          {
            message: hostileString,
            kind: fc.oneof(
              fc.constantFrom('error', 'chunk', 'unhandledrejection', 'failure'),
              hostileString,
            ),
            name: hostileString,
            url: hostileString,
            operation: hostileString,
            stack: hostileString,
          },
          { requiredKeys: [] },
        ),
        hostileValue,
      );
      await fc.assert(
        fc.asyncProperty(
          report,
          fc.constantFrom('application/json', 'text/plain', 'application/xml', undefined),
          async (value, contentType) => {
            const body = toJson(value);
            const before = await rows();
            const response = await post('/api/client-errors', body, contentType);
            if (response.statusCode === 204) {
              expect(response.body).toBe('');
              expect(await rows()).toBe(before);
            } else {
              expectRefused(response, before, await rows());
            }
          },
        ),
        { numRuns: RUNS * 2 },
      );
    },
    TIMEOUT,
  );

  it(
    'any method on any path with any query string answers without a 5xx',
    async () => {
      const pathArb = fc.oneof(
        fc.constantFrom(
          '/',
          '/api',
          '/api/config',
          '/api/submission',
          '/api/submission/abc',
          '/api/address',
          '/api/client-errors',
          '/healthz',
          '/readyz',
          '/assets/x.js',
          '/personal',
          '/%2e%2e/%2e%2e/etc/passwd',
          '//evil.example/x',
        ),
        fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => `/${encode(s)}`),
      );
      const query = fc.oneof(
        fc.constant(''),
        fc
          .array(fc.tuple(hostileString, hostileString), { maxLength: 4 })
          .map(
            (pairs) =>
              `?${pairs.map(([k, v]) => `${encode(k.slice(0, 200))}=${encode(v.slice(0, 2000))}`).join('&')}`,
          ),
        fc.constantFrom(
          '?%',
          '?a=%zz',
          '?__proto__[polluted]=1',
          '?constructor[prototype][polluted]=1',
        ),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS'>(
            'GET',
            'HEAD',
            'POST',
            'PUT',
            'DELETE',
            'PATCH',
            'OPTIONS',
          ),
          pathArb,
          query,
          async (method, url, search) => {
            const before = await rows();
            const response = await t.app.inject({ method, url: `${url}${search}` });
            expect(response.statusCode).toBeLessThan(500);
            expect(await rows()).toBe(before);
          },
        ),
        { numRuns: RUNS * 2 },
      );
    },
    TIMEOUT,
  );
});
