import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createAddressProvider } from './create-address-provider.js';
import { createLoqateProvider } from './loqate.js';
import type { AddressProvider } from './types.js';
import { registerAddressRoutes } from './routes.js';

function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      raw.push(chunk.toString());
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines, raw };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function buildApp(provider: AddressProvider, rateLimitPerMinute = 0) {
  const captured = captureLogger();
  app = Fastify();
  await app.register(rateLimit, { global: false });
  registerAddressRoutes(app, { provider, logger: captured.logger, rateLimitPerMinute });
  await app.ready();
  return { app, ...captured };
}

const embedded = () => createAddressProvider({ provider: 'embedded' });

describe('GET /api/address/:postcode', () => {
  it('answers the addresses at a postcode, whatever its case and spacing', async () => {
    const { app } = await buildApp(embedded());
    for (const written of ['E1 6AN', 'e16an', 'e1%20%206an']) {
      const response = await app.inject({ method: 'GET', url: `/api/address/${written}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<{ Items: { Type: string; udprn: string; Address: string }[] }>();
      expect(body.Items).toHaveLength(5);
      expect(body.Items[0]).toEqual({
        Type: 'Address',
        udprn: '90000001',
        Address: 'Flat 1, Fournier House, 12 Commercial Street, London, E1 6AN',
      });
    }
  });

  it('answers an empty list for a postcode nobody lives at', async () => {
    const { app } = await buildApp(embedded());
    const response = await app.inject({ method: 'GET', url: '/api/address/SW1A%202AA' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Items: [] });
  });

  it.each(['12345', 'SW1A', 'not-a-postcode', 'E1 6AN X'])('rejects %j with 400', async (bad) => {
    const { app } = await buildApp(embedded());
    const response = await app.inject({
      method: 'GET',
      url: `/api/address/${encodeURIComponent(bad)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_postcode' });
  });

  it('answers 200 with no items when the provider fails, and logs a FAILURE without the postcode', async () => {
    const { app, lines, raw } = await buildApp(embedded());
    const response = await app.inject({ method: 'GET', url: '/api/address/ZZ99%209ZZ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Items: [] });
    const failure = lines.find((line) => line['severity'] === 'FAILURE');
    expect(failure).toMatchObject({
      level: 50,
      severity: 'FAILURE',
      operation: 'addressLookupByPostCode',
      provider: 'embedded',
      failure: 'unavailable',
      msg: 'address lookup failed',
    });
    expect(raw.join('')).not.toMatch(/ZZ99|9ZZ/i);
  });

  it('logs a FAILURE for an unreachable commercial provider without its key or URL', async () => {
    const provider = createLoqateProvider({
      apiKey: 'SECRET-KEY-1234',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    const { app, lines, raw } = await buildApp(provider);
    const response = await app.inject({ method: 'GET', url: '/api/address/LS1%204AP' });
    expect(response.json()).toEqual({ Items: [] });
    expect(lines.find((line) => line['severity'] === 'FAILURE')).toMatchObject({
      operation: 'addressLookupByPostCode',
      provider: 'loqate',
      failure: 'network',
    });
    expect(raw.join('')).not.toMatch(/SECRET|127\.0\.0\.1|LS1|4AP/);
  });
});

describe('GET /api/address/id/:addressId', () => {
  it('answers the fields that fill the form', async () => {
    const { app } = await buildApp(embedded());
    const response = await app.inject({ method: 'GET', url: '/api/address/id/90000001' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      Items: [
        {
          subBuilding: 'Flat 1',
          houseName: 'Fournier House',
          houseNumber: '12',
          street: 'Commercial Street',
          locality: null,
          town: 'London',
          county: 'Greater London',
          postcode: 'E1 6AN',
        },
      ],
    });
  });

  it('answers an empty list for an unknown id', async () => {
    const { app } = await buildApp(embedded());
    const response = await app.inject({ method: 'GET', url: '/api/address/id/12345' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Items: [] });
  });

  it('accepts a Loqate-style id', async () => {
    const seen: string[] = [];
    const provider: AddressProvider = {
      name: 'recording',
      lookupByPostcode: () => Promise.resolve([]),
      getAddressById: (id) => {
        seen.push(id);
        return Promise.resolve(null);
      },
    };
    const { app } = await buildApp(provider);
    const response = await app.inject({
      method: 'GET',
      url: `/api/address/id/${encodeURIComponent('GB|RM|A|27964893|A5|ENG')}`,
    });
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual(['GB|RM|A|27964893|A5|ENG']);
  });

  it.each(['-1', 'a b', 'x'.repeat(65), '../etc', "1'--"])('rejects %j with 400', async (bad) => {
    const { app } = await buildApp(embedded());
    const response = await app.inject({
      method: 'GET',
      url: `/api/address/id/${encodeURIComponent(bad)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_address_id' });
  });

  it('answers 200 with no items when the provider fails, and logs a FAILURE without the id', async () => {
    const { app, lines, raw } = await buildApp(embedded());
    const response = await app.inject({ method: 'GET', url: '/api/address/id/90000081' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Items: [] });
    expect(lines.find((line) => line['severity'] === 'FAILURE')).toMatchObject({
      operation: 'getAddressById',
      provider: 'embedded',
    });
    expect(raw.join('')).not.toContain('90000081');
  });

  it('logs a provider bug as a FAILURE by error name only', async () => {
    const provider: AddressProvider = {
      name: 'broken',
      lookupByPostcode: () => Promise.reject(new TypeError('boom at E1 6AN')),
      getAddressById: () => Promise.reject(new TypeError('boom')),
    };
    const { app, lines, raw } = await buildApp(provider);
    await app.inject({ method: 'GET', url: '/api/address/E16AN' });
    expect(lines.find((line) => line['severity'] === 'FAILURE')).toMatchObject({
      operation: 'addressLookupByPostCode',
      failure: 'unexpected',
      errorName: 'TypeError',
    });
    expect(raw.join('')).not.toContain('E1 6AN');
  });
});

describe('rate limit', () => {
  it('answers 429 after the per-minute allowance, per route', async () => {
    const { app } = await buildApp(embedded(), 2);
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      codes.push((await app.inject({ method: 'GET', url: '/api/address/E16AN' })).statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
    const byId = await app.inject({ method: 'GET', url: '/api/address/id/90000001' });
    expect(byId.statusCode).toBe(200);
  });

  it('is off when set to 0', async () => {
    const { app } = await buildApp(embedded(), 0);
    for (let i = 0; i < 30; i += 1) {
      const response = await app.inject({ method: 'GET', url: '/api/address/E16AN' });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('createAddressProvider', () => {
  it('reads the dataset named by the config', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'addresses-'));
    const file = path.join(folder, 'one.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'broker-address-dataset/1',
        sampleData: true,
        addresses: [{ udprn: 7, postcode: 'cf10 1aa', street: 'Test Row', town: 'Cardiff' }],
      }),
    );
    const { app } = await buildApp(createAddressProvider({ provider: 'embedded', dataset: file }));
    const response = await app.inject({ method: 'GET', url: '/api/address/CF101AA' });
    expect(response.json()).toEqual({
      Items: [{ Type: 'Address', udprn: '7', Address: 'Test Row, Cardiff, CF10 1AA' }],
    });
  });

  it('refuses a commercial provider without a key', () => {
    expect(() => createAddressProvider({ provider: 'loqate', apiKey: null })).toThrow(
      'address provider loqate needs an API key',
    );
    expect(() => createAddressProvider({ provider: 'ideal-postcodes' })).toThrow(
      'address provider ideal-postcodes needs an API key',
    );
  });
});
