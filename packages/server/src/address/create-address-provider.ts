import type { AddressProviderName } from '../config.js';
import { createEmbeddedProvider } from './embedded.js';
import { createIdealPostcodesProvider } from './ideal-postcodes.js';
import { createLoqateProvider } from './loqate.js';
import type { AddressProvider } from './types.js';

/** The `address` part of the server config, so `createAddressProvider(config.address)` works. */
export interface AddressProviderOptions {
  provider: AddressProviderName;
  /** Required for 'loqate' and 'ideal-postcodes'. */
  apiKey?: string | null | undefined;
  /** 'embedded' only: the dataset file; defaults to the shipped sample. */
  dataset?: string | null | undefined;
  /** Commercial providers only: replaces the provider's public base URL (tests, a proxy). */
  apiBaseUrl?: string | null | undefined;
  /** Commercial providers only: per-request timeout, default 5000 ms. */
  timeoutMs?: number | undefined;
}

export function createAddressProvider(options: AddressProviderOptions): AddressProvider {
  switch (options.provider) {
    case 'embedded':
      return createEmbeddedProvider({ datasetPath: options.dataset ?? undefined });
    case 'loqate':
    case 'ideal-postcodes': {
      if (!options.apiKey) throw new Error(`address provider ${options.provider} needs an API key`);
      const common = {
        apiKey: options.apiKey,
        baseUrl: options.apiBaseUrl ?? undefined,
        timeoutMs: options.timeoutMs,
      };
      return options.provider === 'loqate'
        ? createLoqateProvider(common)
        : createIdealPostcodesProvider(common);
    }
  }
}
