import { restoreState, serialiseState, type ApplicationState } from '@broker/domain';

/** The one sessionStorage key that holds the application (docs/product.md §3, version '1.0.0'). */
export const STORAGE_KEY = 'broker-application';

/** The funnel steps this tab reported for the application (analytics/funnel.ts, docs/funnel.md). */
export const FUNNEL_STORAGE_KEY = 'broker-funnel';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked entirely (some privacy settings): the form still works in memory.
    return null;
  }
}

/** The stored application, or null when there is none, it is unreadable or of another version. */
export function readStoredState(): ApplicationState | null {
  return restoreState(storage()?.getItem(STORAGE_KEY));
}

export function writeStoredState(state: ApplicationState): void {
  try {
    storage()?.setItem(STORAGE_KEY, serialiseState(state));
  } catch {
    // A full or disabled store must not break typing; the answers stay in memory.
  }
}

export function clearStoredState(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
    // It names the application (its GUID): it goes with the answers.
    storage()?.removeItem(FUNNEL_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
