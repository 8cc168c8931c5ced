import { useEffect } from 'react';
import { create } from 'zustand';
import type { SecuredLoanDisclosureParts } from '../../secured/secured-loan-disclosure';
import { loadChunk } from '../../../lib/chunk-load';
import { reportError } from '../../../api/client-errors';

// The disclosure's code is not part of the first screen (its budget has no room, and a vehicle
// application never needs it): it is fetched once the application is secured, and the screens'
// loader fetches it ahead when a secured application is reloaded
// (docs/decisions/0011-secured-disclosure-from-the-frame.md). Pre-rendered markup has none, and
// the store hydrates at its initial state, so hydration agrees.

const useLoaded = create<{ parts: SecuredLoanDisclosureParts | null }>(() => ({ parts: null }));
let pending: Promise<unknown> | null = null;

/** Fetches the disclosure's chunk once; a failure may be retried by the next caller. */
export function loadSecuredDisclosure(): Promise<unknown> {
  pending ??= loadChunk(() => import('../../secured/secured-loan-disclosure')).then(
    (module) => useLoaded.setState({ parts: module.SecuredLoanDisclosure }),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** The disclosure's parts when `secured`, as soon as its code is here; null otherwise. */
export function useSecuredDisclosure(secured: boolean): SecuredLoanDisclosureParts | null {
  const parts = useLoaded((state) => state.parts);
  useEffect(() => {
    if (secured && !parts) {
      loadSecuredDisclosure().catch((error: unknown) =>
        reportError(error, 'chunk', 'securedDisclosure'),
      );
    }
  }, [secured, parts]);
  return secured ? parts : null;
}
