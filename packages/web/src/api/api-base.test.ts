import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInitialState } from '@broker/domain';
import { getApplication, useApplicationStore } from '../state/application-store';
import { intakeApplication } from '../state/start';
import { apiBaseOf, apiUrl } from './api-base';
import { lookupPostcode } from './address-lookup';

// docs/product.md §6: the environment selects the API base. The server tells the browser both in GET
// /api/config (docs/decisions/0012-affiliate-host-and-api-base-from-configuration.md).

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiBaseOf', () => {
  it.each([
    ['', ''],
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com/broker/', 'https://api.example.com/broker'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    // Anything else is the page's own origin: a broken answer cannot send data elsewhere.
    ['javascript:alert(1)', ''],
    ['//evil.example', ''],
    ['api.example.com', ''],
    ['https://user:pw@api.example.com', ''],
    ['https://api.example.com/?next=1', ''],
  ])('%s → %s', (value, expected) => {
    expect(apiBaseOf(value)).toBe(expected);
  });
});

describe('the API base and the environment from GET /api/config', () => {
  it('sends the API calls to the configured base and sets isUat and isProduction', async () => {
    useApplicationStore.setState({ application: createInitialState() });
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        requested.push(url);
        if (url === '/api/config') {
          return Promise.resolve(
            json(200, { environment: 'uat', apiBase: 'https://api.uat.example.com/' }),
          );
        }
        return Promise.resolve(
          json(200, { Items: [{ Type: 'Address', udprn: '1', Address: '1 High St, E1 6AN' }] }),
        );
      }),
    );

    await expect(apiUrl('/api/submission/abc')).resolves.toBe(
      'https://api.uat.example.com/api/submission/abc',
    );
    expect(getApplication()).toMatchObject({ isUat: true, isProduction: false });
    // A new application (after a submission) keeps them.
    expect(intakeApplication(null)).toMatchObject({ isUat: true, isProduction: false });

    await expect(lookupPostcode('E1 6AN')).resolves.toHaveLength(1);
    expect(requested).toEqual([
      '/api/config',
      `https://api.uat.example.com/api/address/${encodeURIComponent('E1 6AN')}`,
    ]);
  });
});
