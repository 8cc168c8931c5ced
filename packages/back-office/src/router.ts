import { useEffect, useState } from 'react';

/** The back office's few screens, on the History API: no router library in its bundle. */
export const BASE = '/back-office';

export function currentPath(): string {
  const path = window.location.pathname.replace(/\/+$/, '');
  return path.startsWith(BASE) ? path.slice(BASE.length) || '/' : '/';
}

const listeners = new Set<() => void>();

/**
 * `state` is kept with the history entry, not in the address: what must not travel in a URL (a
 * search for a person's e-mail or phone) goes there, and Back and Forward bring it back
 * (docs/decisions/0052-search-texts-off-the-url.md).
 */
export function navigate(path: string, options: { replace?: boolean; state?: unknown } = {}): void {
  const url = `${BASE}${path}`;
  const state = options.state ?? null;
  if (options.replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  listeners.forEach((listener) => listener());
}

/** The history entry's state, when it is an object (see `navigate`). */
export function historyState(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

export function usePath(): { path: string; search: URLSearchParams } {
  // Each navigation re-renders, also to the same address with another state.
  const [, setVisits] = useState(0);
  useEffect(() => {
    const update = () => setVisits((visits) => visits + 1);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return { path: currentPath(), search: new URLSearchParams(window.location.search) };
}
