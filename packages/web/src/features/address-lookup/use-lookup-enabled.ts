import { use } from 'react';
import { FEATURE_FLAGS } from '@broker/domain';
import { loadConfig, useConfig, type AppConfig } from '../../api/config';

// One request for the whole page: a failed GET /api/config must not be retried on every
// render (each retry would be a new promise for `use`, and the screen would never settle).
let firstAnswer: Promise<AppConfig | null> | null = null;

/**
 * SPEC §2 Variants: the postcode-lookup variant when the feature flag and the deployment's
 * configuration both enable it, else the manual variant. The configuration normally arrived
 * at start-up; only a visitor who deep-links straight here waits for it.
 */
export function useLookupEnabled(): boolean {
  const stored = useConfig();
  firstAnswer ??= loadConfig();
  const config = stored ?? use(firstAnswer);
  return FEATURE_FLAGS.PCAPostCodeLookup && config?.addressLookup === true;
}
