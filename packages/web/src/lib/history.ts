/**
 * The browser history as a tiny store. docs/design.md §5 leaves ≤ 95 KB gzip for the first screen
 * and React 19 alone takes 66 KB of it; React Router's data router adds 29 KB and its
 * component router 13 KB (measured with this Vite build), so the app routes with this file,
 * lib/router.tsx and the journey's own path parser instead.
 */

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
  /**
   * The journey chose this path from answers it has just validated (Continue on a valid step):
   * the redirect rule is not applied again. It would check every earlier step once more
   * (canVisit), a few milliseconds of each Continue on a phone (docs/performance.md).
   */
  chosenByJourney?: boolean;
}

type Listener = (location: AppLocation) => void;

/** Where a path may not be shown: the path to show instead, or null to show it. */
export type Redirect = (pathname: string) => string | null;

const listeners = new Set<Listener>();
let redirect: Redirect = () => null;
let current: AppLocation = readLocation();
let moved = false;

/**
 * Whether the page on show was reached inside the app (a link, Continue, Back or Forward) rather
 * than loaded: a page can then put off what is below the fold without shifting a first paint.
 */
export function reachedInApp(): boolean {
  return moved;
}

function readLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

function parse(to: string): AppLocation {
  const url = new URL(to, window.location.href);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function href(location: AppLocation): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

// A guard that keeps redirecting would otherwise hang the tab.
const MAX_REDIRECTS = 10;

function settle(location: AppLocation): AppLocation {
  let next = location;
  for (let i = 0; i < MAX_REDIRECTS; i += 1) {
    const target = redirect(next.pathname);
    if (target === null || target === next.pathname) return next;
    next = parse(target);
  }
  return next;
}

function publish(location: AppLocation): void {
  moved = true;
  current = location;
  for (const listener of listeners) listener(location);
}

export function getLocation(): AppLocation {
  return current;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A same-origin path: pushed (or replaced) after the redirect rule has had its say. */
export function navigate(
  to: string,
  { replace = false, chosenByJourney = false }: NavigateOptions = {},
): void {
  const requested = parse(to);
  const location = chosenByJourney ? requested : settle(requested);
  const redirected = location.pathname !== requested.pathname;
  if (replace || redirected) window.history.replaceState(null, '', href(location));
  else window.history.pushState(null, '', href(location));
  publish(location);
}

/**
 * Starts listening to Back and Forward and applies `rule` to every location, the current
 * one included (a deep link is corrected before anything renders).
 */
export function startHistory(rule: Redirect): AppLocation {
  redirect = rule;
  // docs/product.md §2: every navigation starts at the top, Back and Forward included.
  window.history.scrollRestoration = 'manual';
  window.addEventListener('popstate', () => {
    const location = readLocation();
    const settled = settle(location);
    if (settled.pathname !== location.pathname)
      window.history.replaceState(null, '', href(settled));
    publish(settled);
  });
  const initial = readLocation();
  const settled = settle(initial);
  if (settled.pathname !== initial.pathname) window.history.replaceState(null, '', href(settled));
  current = settled;
  return settled;
}
