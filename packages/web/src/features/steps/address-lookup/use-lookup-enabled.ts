import { use } from 'react';
import { FEATURE_FLAGS } from '@broker/domain';
import { useConfig } from '../../../api/config';
import { lookupConfig } from './lookup-config';

/**
 * docs/product.md §2 Variants: the postcode-lookup variant when the feature flag and the deployment's
 * configuration both enable it, else the manual variant. The configuration normally arrived
 * at start-up; only a visitor who deep-links straight here waits for it.
 */
export function useLookupEnabled(): boolean {
  const stored = useConfig();
  const config = stored ?? use(lookupConfig());
  return FEATURE_FLAGS.PCAPostCodeLookup && config?.addressLookup === true;
}
