import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInitialState } from '@broker/domain';
import { getApplication, useApplicationStore } from '../state/application-store';
import { apiUrl } from './api-base';

// A file of its own: GET /api/config is fetched once per page (module).

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('without an API base in the configuration', () => {
  it('calls the page’s own origin, and production sets isProduction', async () => {
    const state = createInitialState();
    state.isUat = true;
    useApplicationStore.setState({ application: state });
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ environment: 'production' }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    await expect(apiUrl('/api/address/E1')).resolves.toBe('/api/address/E1');
    expect(getApplication()).toMatchObject({ isProduction: true, isUat: false });
  });
});
