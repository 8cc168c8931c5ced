import { useEffect, useState } from 'react';

/** The back office's few screens, on the History API: no router library in its bundle. */
export const BASE = '/back-office';

export function currentPath(): string {
  const path = window.location.pathname.replace(/\/+$/, '');
  return path.startsWith(BASE) ? path.slice(BASE.length) || '/' : '/';
}

const listeners = new Set<() => void>();

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const url = `${BASE}${path}`;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  listeners.forEach((listener) => listener());
}

export function usePath(): { path: string; search: URLSearchParams } {
  const [location, setLocation] = useState(() => window.location.href);
  useEffect(() => {
    const update = () => setLocation(window.location.href);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  void location;
  return { path: currentPath(), search: new URLSearchParams(window.location.search) };
}
