import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fixtures from '@ideal-postcodes/api-fixtures';
import type { Fixture } from '@ideal-postcodes/api-fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIdealPostcodesProvider } from './ideal-postcodes.js';
import { addressDetailSchema, addressLookupItemSchema } from '@broker/domain';
import { AddressProviderError } from './types.js';

// The package's recorded answers of the real API; the local server replays the one whose path
// and api_key match the request, so the adapter is tested against the documented shapes.
const RECORDED: Fixture[] = [
  fixtures.postcodes.success,
  fixtures.postcodes.notFound,
  fixtures.postcodes.multipleResidence.success,
  fixtures.udprn.success,
  fixtures.udprn.notFound,
  fixtures.umprn.success,
  fixtures.umprn.notFound,
  fixtures.errors.invalidKey,
  fixtures.errors.balanceDepleted,
  fixtures.errors.dailyLimitReached,
];

let server: Server;
let baseUrl: string;
let override: ((path: string) => { status: number; body: string } | 'silent' | null) | null;
const requested: URL[] = [];

beforeEach(async () => {
  override = null;
  requested.length = 0;
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://ideal.test');
    requested.push(url);
    const replaced = override?.(url.pathname) ?? null;
    if (replaced === 'silent') return;
    if (replaced) {
      response.writeHead(replaced.status, { 'content-type': 'application/json' });
      response.end(replaced.body);
      return;
    }
    const fixture = RECORDED.find(
      (candidate) =>
        candidate.url === url.pathname &&
        candidate.query?.['api_key'] === url.searchParams.get('api_key'),
    );
    response.writeHead(fixture?.httpStatus ?? 500, { 'content-type': 'application/json' });
    response.end(JSON.stringify(fixture?.body ?? { code: 5000, message: 'no fixture' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function provider(apiKey: string, timeoutMs?: number) {
  return createIdealPostcodesProvider({ apiKey, baseUrl, timeoutMs });
}

describe('Ideal Postcodes: lookupByPostcode', () => {
  it('lists the addresses of a postcode', async () => {
    const items = await provider('<VALID_API_KEY>').lookupByPostcode('SW1A 2AA');
    expect(items).toEqual([
      {
        Type: 'Address',
        udprn: '23747771',
        Address: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street, LONDON, SW1A 2AA',
      },
    ]);
    items.forEach((item) => addressLookupItemSchema.parse(item));
    expect(requested[0]!.pathname).toBe('/v1/postcodes/SW1A2AA');
    expect(requested[0]!.searchParams.get('api_key')).toBe('<VALID_API_KEY>');
  });

  it('gives Multiple Residence rows their own UMPRN ids', async () => {
    const items = await provider('<VALID_MR_API_KEY>').lookupByPostcode('CV4 7AL');
    expect(items.length).toBeGreaterThan(2);
    expect(items[0]).toEqual({
      Type: 'Address',
      udprn: '5770157',
      Address: 'University Of Warwick, Gibbet Hill Road, COVENTRY, CV4 7AL',
    });
    expect(items[1]).toEqual({
      Type: 'Address',
      udprn: 'M50906066',
      Address: 'Room 1, Block 1 Arthur Vick, Gibbet Hill Road, COVENTRY, CV4 7AL',
    });
    expect(new Set(items.map((item) => item.udprn)).size).toBe(items.length);
  });

  it('answers an empty list for a postcode it does not know (404 is not an error)', async () => {
    expect(await provider('<VALID_API_KEY>').lookupByPostcode('FOO')).toEqual([]);
  });

  it.each([
    ['an invalid key', '<INVALID_API_KEY>', 'WC1A 2SE', 401, 'HTTP 401 (code 4010)'],
    ['a depleted balance', '<NO_BALANCE_KEY>', 'W2 2LG', 402, 'HTTP 402 (code 4020)'],
  ])('fails on %s', async (_label, key, postcode, status, message) => {
    const failure = provider(key).lookupByPostcode(postcode);
    await expect(failure).rejects.toBeInstanceOf(AddressProviderError);
    await expect(failure).rejects.toMatchObject({ failure: 'http_status', status, message });
  });

  it('fails on a server error', async () => {
    override = () => ({ status: 503, body: '{"code":5030,"message":"unavailable"}' });
    await expect(provider('<VALID_API_KEY>').lookupByPostcode('SW1A 2AA')).rejects.toMatchObject({
      failure: 'http_status',
      status: 503,
    });
  });

  it('fails on malformed JSON and on an unexpected shape', async () => {
    override = () => ({ status: 200, body: '{"result": [' });
    await expect(provider('<VALID_API_KEY>').lookupByPostcode('SW1A 2AA')).rejects.toMatchObject({
      failure: 'malformed_response',
    });
    override = () => ({ status: 200, body: '{"result": {"postcode": "SW1A 2AA"}}' });
    await expect(provider('<VALID_API_KEY>').lookupByPostcode('SW1A 2AA')).rejects.toMatchObject({
      failure: 'malformed_response',
    });
  });

  it('gives up after the timeout', async () => {
    override = () => 'silent';
    await expect(
      provider('<VALID_API_KEY>', 200).lookupByPostcode('SW1A 2AA'),
    ).rejects.toMatchObject({ failure: 'timeout' });
  });
});

describe('Ideal Postcodes: getAddressById', () => {
  it('maps a UDPRN lookup onto the form fields', async () => {
    const detail = await provider('<VALID_API_KEY>').getAddressById('23747208');
    expect(detail).toEqual({
      subBuilding: null,
      houseName: 'Houses Of Parliament',
      houseNumber: null,
      street: null,
      locality: null,
      town: 'LONDON',
      county: 'London',
      postcode: 'SW1A 0AA',
    });
    addressDetailSchema.parse(detail);
  });

  it('maps a UMPRN lookup with its sub-building', async () => {
    expect(await provider('<VALID_MR_API_KEY>').getAddressById('M50906066')).toEqual({
      subBuilding: 'Room 1',
      houseName: 'Block 1 Arthur Vick',
      houseNumber: null,
      street: 'Gibbet Hill Road',
      locality: null,
      town: 'COVENTRY',
      county: 'West Midlands',
      postcode: 'CV4 7AL',
    });
    expect(requested[0]!.pathname).toBe('/v1/umprn/50906066');
  });

  it('joins dependent street and localities', async () => {
    override = () => ({
      status: 200,
      body: JSON.stringify({
        result: {
          // Typed by @ideal-postcodes/api-typings, which the fixtures package does not install.
          ...(fixtures.address.scotland as Record<string, unknown>),
          dependant_thoroughfare: 'Mill Court',
          double_dependant_locality: 'Giffnock Park',
        },
        code: 2000,
        message: 'Success',
      }),
    });
    expect(await provider('<VALID_API_KEY>').getAddressById('52997160')).toMatchObject({
      houseNumber: '1',
      street: 'Mill Court, Spiersbridge Way',
      locality: 'Giffnock Park, Thornliebank',
      town: 'GLASGOW',
      county: 'Lanarkshire',
      postcode: 'G46 8NG',
    });
  });

  it('answers null for an unknown id without an error, and for an id of another provider', async () => {
    const ideal = provider('<VALID_API_KEY>');
    override = (path) =>
      path === '/v1/udprn/1'
        ? { status: 404, body: JSON.stringify(fixtures.udprn.notFound.body) }
        : null;
    expect(await ideal.getAddressById('1')).toBeNull();
    expect(await ideal.getAddressById('GB|RM|A|1')).toBeNull();
    expect(requested).toHaveLength(1);
  });

  it('fails on an invalid key, malformed JSON and a timeout', async () => {
    override = () => ({ status: 401, body: JSON.stringify(fixtures.errors.invalidKey.body) });
    await expect(provider('<VALID_API_KEY>').getAddressById('23747208')).rejects.toMatchObject({
      failure: 'http_status',
      status: 401,
    });
    override = () => ({ status: 200, body: 'nope' });
    await expect(provider('<VALID_API_KEY>').getAddressById('23747208')).rejects.toMatchObject({
      failure: 'malformed_response',
    });
    override = () => 'silent';
    await expect(provider('<VALID_API_KEY>', 200).getAddressById('23747208')).rejects.toMatchObject(
      { failure: 'timeout' },
    );
  });
});
