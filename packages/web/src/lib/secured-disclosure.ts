import { useEffect, useSyncExternalStore } from 'react';
import type { SecuredLoanDisclosureParts } from '../features/secured/secured-loan-disclosure';
import { loadChunk } from './chunk-load';
import { reportError } from '../api/client-errors';

// The disclosure's code is not part of the first screen (its budget has no room, and a vehicle
// application never needs it): it is fetched once the application is secured, and the screens'
// loader fetches it ahead when a secured application is reloaded
// (docs/decisions/0011-secured-disclosure-from-the-frame.md).

let loaded: SecuredLoanDisclosureParts | null = null;
let pending: Promise<SecuredLoanDisclosureParts> | null = null;
const listeners = new Set<() => void>();

/** Fetches the disclosure's chunk once; a failure may be retried by the next caller. */
export function loadSecuredDisclosure(): Promise<SecuredLoanDisclosureParts> {
  pending ??= loadChunk(() => import('../features/secured/secured-loan-disclosure')).then(
    (module) => {
      loaded = module.SecuredLoanDisclosure;
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The disclosure's parts when `secured`, as soon as its code is here (at once when it was
 * fetched ahead); null otherwise. Pre-rendered markup has none, so hydration agrees.
 */
export function useSecuredDisclosure(secured: boolean): SecuredLoanDisclosureParts | null {
  const parts = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  useEffect(() => {
    if (secured && loaded === null) {
      loadSecuredDisclosure().catch((error: unknown) =>
        reportError(error, 'chunk', 'securedDisclosure'),
      );
    }
  }, [secured]);
  return secured ? parts : null;
}
