import { restoreState, serialiseState, type ApplicationState } from '@broker/domain';

/** The one sessionStorage key that holds the application (docs/product.md §3, version '1.0.0'). */
export const STORAGE_KEY = 'broker-application';

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
  } catch {
    // Nothing to clear.
  }
}
