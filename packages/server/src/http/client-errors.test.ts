import { Writable } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { registerClientErrorRoutes, scrubPersonalData, scrubUrl } from './client-errors.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function buildApp(rateLimitPerMinute = 0) {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      raw.push(chunk.toString());
      callback();
    },
  });
  app = Fastify();
  await app.register(rateLimit, { global: false });
  registerClientErrorRoutes(app, { logger: pino({ level: 'info' }, stream), rateLimitPerMinute });
  await app.ready();
  const logged = () => raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, raw, logged };
}

function post(target: FastifyInstance, body: unknown, contentType = 'application/json') {
  return target.inject({
    method: 'POST',
    url: '/api/client-errors',
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/client-errors', () => {
  it('answers 204 and logs the report at warn', async () => {
    const { app, logged } = await buildApp();
    const response = await post(app, {
      kind: 'chunk',
      name: 'ChunkLoadError',
      message: 'Loading chunk 7 failed.',
      url: 'https://apply.example.com/address/1',
      stack:
        'ChunkLoadError: Loading chunk 7 failed.\n    at https://apply.example.com/assets/app.js:1:200',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(logged()).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'client error reported',
        severity: 'ERROR',
        clientError: {
          kind: 'chunk',
          name: 'ChunkLoadError',
          message: 'Loading chunk 7 failed.',
          url: 'https://apply.example.com/address/1',
          stack:
            'ChunkLoadError: Loading chunk 7 failed.\n    at https://apply.example.com/assets/app.js:1:200',
        },
      }),
    ]);
  });

  it('marks a reported failure with its operation as FAILURE', async () => {
    const { app, logged } = await buildApp();
    const response = await post(app, {
      kind: 'failure',
      message: 'Network Error',
      operation: 'addressLookupByPostCode',
    });
    expect(response.statusCode).toBe(204);
    expect(logged()[0]).toMatchObject({
      severity: 'FAILURE',
      clientError: { kind: 'failure', operation: 'addressLookupByPostCode' },
    });
  });

  it('never logs e-mails, phone numbers, postcodes, dates or query strings', async () => {
    const { app, raw } = await buildApp();
    const response = await post(app, {
      kind: 'error',
      name: 'Error for jo.bloggs@example.co.uk',
      message:
        'Invalid answer jo.bloggs@example.co.uk / 07700 900123 / +44 (0)7700-900-123 at SW1A 2AA, sw1a2aa, born 1980-02-29 or 29/02/1980',
      url: 'https://apply.example.com/contact?email=jo%40example.com&utm_source=x#frag',
      stack:
        'Error: at E1 6AN\n    at https://apply.example.com/assets/app.js?v=jo@example.com:1:2',
    });
    expect(response.statusCode).toBe(204);
    const line = raw.join('');
    for (const secret of [
      'bloggs',
      'jo%40',
      '900123',
      '900-123',
      'SW1A',
      'sw1a',
      '1980',
      'utm_source',
      'frag',
      'E1 6AN',
      'v=jo',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('https://apply.example.com/contact');
    expect(line).toContain('at https://apply.example.com/assets/app.js:1:2');
    expect(line).toContain('[email]');
    expect(line).toContain('[postcode]');
    expect(line).toContain('[number]');
    expect(line).toContain('[date]');
  });

  it('never logs names, dates in other formats, codes, NI numbers or encoded e-mails', async () => {
    const { app, raw } = await buildApp();
    const response = await post(app, {
      kind: 'failure',
      name: 'Error for Mrs Augusta King',
      message:
        'Rejected {"firstName":"Ada","lastName":"Lovelace"} born 29 February 1980, otp 482913, NI QQ 12 34 56 C, jo%40example.com',
      stack: 'Error: Feb 29 1980 19800229\n    at https://apply.example.com/assets/app.js:1:482913',
    });
    expect(response.statusCode).toBe(204);
    const line = raw.join('');
    for (const secret of [
      'Augusta',
      'King',
      'Ada',
      'Lovelace',
      'February',
      '1980',
      'Feb 29',
      'QQ',
      '34 56',
      'jo%40',

      'otp 482913',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('app.js:1:482913');
  });

  it('never logs a bare name key, international e-mails, codes in two threes, vehicle registrations, the needs statement or an unknown operation', async () => {
    const { app, raw, logged } = await buildApp();
    const response = await post(app, {
      kind: 'failure',
      name: 'HttpError',
      message:
        'Rejected {"name":"Ada Lovelace","additionalNeedsRequirementsStatement":"I have MS and use a wheelchair"} for josé.núñez@exämple.es and 用户@例子.广告, code 482 913, car AB12 CDE, P123 ABC or ABC 123D',
      stack: 'Error: name=Grace Hopper; needsStatement: partially sighted',
      operation: 'adaLovelace_07700900123',
    });
    expect(response.statusCode).toBe(204);
    const line = raw.join('');
    for (const secret of [
      'Ada',
      'Lovelace',
      'wheelchair',
      'josé',
      'núñez',
      '用户',
      '482 913',
      'AB12',
      'CDE',
      'P123',
      'ABC 123D',
      'Grace',
      'sighted',
      'adaLovelace',
      '07700900123',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(logged()[0]).toMatchObject({ clientError: { operation: 'other' } });
    expect(line).toContain('[registration]');
    expect(line).toContain('[text]');
  });

  it('accepts a text/plain body, as navigator.sendBeacon sends', async () => {
    const { app, logged } = await buildApp();
    const response = await post(app, { kind: 'unhandledrejection', message: 'x' }, 'text/plain');
    expect(response.statusCode).toBe(204);
    expect(logged()).toHaveLength(1);
  });

  it.each([
    ['no message', { kind: 'error' }],
    ['an empty message', { kind: 'error', message: '' }],
    ['an unknown kind', { kind: 'fatal', message: 'x' }],
    ['an unknown field', { kind: 'error', message: 'x', email: 'a@b.co' }],
    ['an over-long message', { kind: 'error', message: 'x'.repeat(2001) }],
    ['an operation with spaces', { kind: 'failure', message: 'x', operation: 'a b' }],
    ['a list', [{ kind: 'error', message: 'x' }]],
  ])('answers 400 for %s and logs nothing', async (_label, body) => {
    const { app, raw } = await buildApp();
    const response = await post(app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_report' });
    expect(raw).toEqual([]);
  });

  it('answers 400 for text that is not JSON', async () => {
    const { app } = await buildApp();
    const response = await post(app, 'not json', 'text/plain');
    expect(response.statusCode).toBe(400);
  });

  it('answers 413 for a body over 8 KiB', async () => {
    const { app, raw } = await buildApp();
    const response = await post(app, { kind: 'error', message: 'x', stack: 'y'.repeat(8 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(raw).toEqual([]);
  });

  it('answers 415 for another content type', async () => {
    const { app } = await buildApp();
    const response = await post(app, 'kind=error', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
  });

  it('is rate-limited per client address', async () => {
    const { app } = await buildApp(3);
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await post(app, { kind: 'error', message: 'x' })).statusCode);
    }
    expect(codes).toEqual([204, 204, 204, 429]);
    const other = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: '10.0.0.2',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ kind: 'error', message: 'x' }),
    });
    expect(other.statusCode).toBe(204);
  });
});

describe('scrubbing', () => {
  it.each([
    // Names, marked by a title or by the field they belong to.
    ['Hello Ms Ada Lovelace, welcome', 'Hello [name], welcome'],
    ['for Dr. Seán O’Brien-Smith today', 'for [name] today'],
    [
      '{"firstName":"Ada","lastName":"Lovelace","term":4}',
      '{"firstName":[name],"lastName":[name],"term":4}',
    ],
    ['body {\\"firstName\\":\\"Ada\\"}', 'body {\\"firstName\\":[name]}'],
    ['firstName=Ada%20Byron&lastName=King&x=1', 'firstName=[name]&lastName=[name]&x=1'],
    ['invalid surname: Lovelace King, try again', 'invalid surname: [name], try again'],
    ["employerName 'Analytical Engines Ltd' too long", 'employerName [name] too long'],
    ['jointApplicantLastName = Byron; retry', 'jointApplicantLastName = [name]; retry'],
    // Dates in any common format.
    ['born 1980-02-29', 'born [date]'],
    ['at 1980-02-29T13:45:00.000+01:00 then', 'at [date] then'],
    ['born 29/02/1980 or 29.2.80 or 29-02-1980', 'born [date] or [date] or [date]'],
    ['born 1980/02/29 or 29 02 1980', 'born [date] or [date]'],
    ['born 29 February 1980 or 29th Feb 1980', 'born [date] or [date]'],
    ['born 29-Feb-1980 or 1st of March 1980', 'born [date] or [date]'],
    ['born February 29, 1980', 'born [date]'],
    ['Invalid: Fri Feb 29 1980 00:00:00 GMT', 'Invalid: Fri [date] 00:00:00 GMT'],
    ['born 19800229 or 29021980', 'born [date] or [date]'],
    // Six-digit codes, not a stack frame's line or column.
    ['otp 123456 rejected', 'otp [code] rejected'],
    ['code:654321.', 'code:[code].'],
    ['at f (https://a.example/app.js:1:123456)', 'at f (https://a.example/app.js:1:123456)'],
    ['at https://a.example/app.js:123456:7', 'at https://a.example/app.js:123456:7'],
    // National Insurance numbers, with or without spaces.
    ['NI QQ123456C given', 'NI [ni-number] given'],
    ['ni qq 12 34 56 c given', 'ni [ni-number] given'],
    // E-mail addresses, plain and percent-encoded once or twice.
    ['to jo.bloggs%40example.co.uk now', 'to [email] now'],
    ['to jo%2Bx%2540example.com now', 'to [email] now'],
    ['to Jo.Bloggs@Example.com now', 'to [email] now'],
    ['to josé@exämple.com now', 'to [email] now'],
    ['{"name":"Ada Lovelace"}', '{"name":[name]}'],
    ['code 482 913 sent', 'code [code] sent'],
    ['code 482-913 sent', 'code [code] sent'],
    ['reg ab12cde and AB12 CDE', 'reg [registration] and [registration]'],
    ['reg A123 BCD or ABC 123D', 'reg [registration] or [registration]'],
    ['statement: I need large print', 'statement: [text]'],
  ])('scrubs %j', (text, scrubbed) => {
    expect(scrubPersonalData(text, 500)).toBe(scrubbed);
  });

  it('leaves ordinary error texts alone', () => {
    for (const text of [
      'Network Error',
      'Request aborted',
      'timeout of 10000 ms exceeded',
      'Loading chunk 7 failed.',
      "TypeError: Cannot read properties of undefined (reading 'name')",
      'ChunkLoadError: Loading CSS chunk 12 failed.\n    at https://a.example/assets/index-4f2a9c.js:2:51234',
    ]) {
      expect(scrubPersonalData(text, 500)).toBe(text);
    }
  });

  it('truncates after scrubbing', () => {
    expect(scrubPersonalData('abcdef', 3)).toBe('abc…');
    expect(scrubPersonalData('call 07700900123', 100)).toBe('call [number]');
  });

  it('keeps line and column numbers of stack frames', () => {
    expect(scrubPersonalData('at f (https://a.example/app.js:12:3456)', 100)).toBe(
      'at f (https://a.example/app.js:12:3456)',
    );
  });

  it('strips the query of relative and absolute URLs', () => {
    expect(scrubUrl('/address/1?postcode=SW1A2AA')).toBe('/address/1');
    expect(scrubUrl('https://a.example/x?y=1#z')).toBe('https://a.example/x');
    expect(scrubUrl('https://a.example/api/address/SW1A2AA')).toBe(
      'https://a.example/api/address/[postcode]',
    );
  });
});
