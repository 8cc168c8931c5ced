import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupAddressById, lookupPostcode } from './address-lookup';

// A failed lookup is reported (docs/product.md §8) and the address step says it found nothing
// (docs/decisions/0077-a-failed-address-lookup-says-so.md); an answer that is only empty is not
// a failure.

const posted: Record<string, unknown>[] = [];
/** The lookups' reports (GET /api/config, absent here, reports its own). */
const lookupReports = () =>
  posted.filter((report) =>
    String(report.operation).match(/^(addressLookupByPostCode|getAddressById)$/),
  );

function network(status: number, body: string): void {
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      if (url.startsWith('/api/config')) return Promise.resolve(new Response('', { status: 404 }));
      if (url.startsWith('/api/client-errors')) {
        posted.push(JSON.parse(init.body as string) as Record<string, unknown>);
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return Promise.resolve(
        new Response(body, { status, headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('lookupPostcode', () => {
  it.each([
    ['broken JSON', '{"Items": ['],
    ['no Items', '{"items": []}'],
    ['Items that is not a list', '{"Items": "none"}'],
  ])('reports a 200 with %s, and finds nothing', async (_case, body) => {
    network(200, body);
    await expect(lookupPostcode('E1 6AN')).resolves.toEqual([]);
    expect(lookupReports()).toEqual([
      expect.objectContaining({
        kind: 'failure',
        operation: 'addressLookupByPostCode',
        message: 'Address lookup answered 200 without Items',
      }),
    ]);
    // Never the postcode.
    expect(JSON.stringify(posted)).not.toContain('E1 6AN');
  });

  it('reports nothing for a postcode with no addresses', async () => {
    network(200, '{"Items": []}');
    await expect(lookupPostcode('E1 6AN')).resolves.toEqual([]);
    expect(lookupReports()).toEqual([]);
  });

  it('reports another status', async () => {
    network(503, '');
    await expect(lookupPostcode('E1 6AN')).resolves.toEqual([]);
    expect(lookupReports()).toEqual([
      expect.objectContaining({
        operation: 'addressLookupByPostCode',
        message: 'Address lookup answered 503',
      }),
    ]);
  });
});

describe('lookupAddressById', () => {
  it('reports a 200 it cannot read, and gives no address', async () => {
    network(200, 'not json');
    await expect(lookupAddressById('90000001')).resolves.toBeNull();
    expect(lookupReports()).toEqual([
      expect.objectContaining({ operation: 'getAddressById', kind: 'failure' }),
    ]);
  });
});
