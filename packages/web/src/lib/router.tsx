import {
  Component,
  createContext,
  createElement,
  startTransition,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { AnchorHTMLAttributes, ComponentType, ErrorInfo, MouseEvent, ReactNode } from 'react';
import {
  getLocation,
  navigate,
  subscribe,
  type AppLocation,
  type NavigateOptions,
} from './history';

export interface Route {
  /** Exact path; a ':name' segment matches any one segment ('/address/:n'). */
  path: string;
  /** The page's chunk (wrapped in loadChunk by the route table). */
  load: () => Promise<ComponentType>;
}

type TrackedPromise<T> = Promise<T> & { status?: string; value?: T; reason?: unknown };

const loading = new Map<Route, TrackedPromise<ComponentType>>();
const failed = new Set<Route>();
/** Routes whose last load failed for a stylesheet, with the stylesheet it named. */
const failedStylesheets = new Map<Route, string>();
/** Vite's message when a chunk's stylesheet does not load. */
const FAILED_STYLESHEET = /Unable to preload CSS for (\S+)/;
/** The route table RouteView shows pages from (set when it mounts). */
let shownRoutes: readonly Route[] = [];

/**
 * Marks a promise's outcome on it the way React's `use` reads it, so a page whose chunk is
 * already here renders at once instead of suspending for a tick.
 */
export function trackPromise<T>(promise: Promise<T>): Promise<T> {
  const marked = promise as TrackedPromise<T>;
  marked.status = 'pending';
  marked.then(
    (value) => {
      marked.status = 'fulfilled';
      marked.value = value;
    },
    (reason: unknown) => {
      marked.status = 'rejected';
      marked.reason = reason;
    },
  );
  return promise;
}

/**
 * Starts (once) loading a route's page. A failure stays cached while its error page shows
 * (React must see the same promise again), and is forgotten at the next navigation, so a
 * later visit tries the chunk again, and its stylesheets (lib/stylesheet-retry.ts).
 * The page may have been fetched ahead (preloadPath): the same applies.
 */
function loadRoute(route: Route): Promise<ComponentType> {
  let promise = loading.get(route);
  if (!promise) {
    const stylesheet = failedStylesheets.get(route);
    failedStylesheets.delete(route);
    promise = trackPromise(
      stylesheet === undefined
        ? route.load()
        : import('./stylesheet-retry')
            .then((module) => module.refetchFailedStylesheets(stylesheet))
            .then(() => route.load()),
    );
    promise.catch((error: unknown) => {
      failed.add(route);
      const named = error instanceof Error ? FAILED_STYLESHEET.exec(error.message)?.[1] : null;
      if (named) failedStylesheets.set(route, named);
    });
    loading.set(route, promise);
  }
  return promise;
}

/** Whether the page of `pathname` can render at once: its chunk has arrived. */
function isPageLoaded(pathname: string): boolean {
  const route = matchRoute(shownRoutes, pathname);
  return route !== null && loading.get(route)?.status === 'fulfilled';
}

function forgetFailures(): void {
  for (const route of failed) loading.delete(route);
  failed.clear();
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

export function matchRoute(routes: readonly Route[], pathname: string): Route | null {
  const actual = segments(pathname);
  return (
    routes.find((route) => {
      const pattern = segments(route.path);
      return (
        pattern.length === actual.length &&
        pattern.every((part, i) => part.startsWith(':') || part === actual[i])
      );
    }) ?? null
  );
}

/**
 * Loads the page of `pathname` ahead: before the first render, so the first paint is complete,
 * and while a screen is filled in, the screen Continue leads to. Never rejects; a failure is
 * forgotten at the next navigation, which fetches the page again.
 */
export function preloadPath(routes: readonly Route[], pathname: string): Promise<unknown> {
  const route = matchRoute(routes, pathname);
  return route ? loadRoute(route).catch(() => undefined) : Promise.resolve();
}

const LocationContext = createContext<AppLocation>(getLocation());
/** The route table of the RouteView a page is shown in. */
const RoutesContext = createContext<readonly Route[]>([]);

/**
 * Fetches ahead the page of a path in the route table the current page is shown from. A page
 * (the step frame) can so preload the next one without importing the table, which imports every
 * page: the app layer hands the table down (docs/decisions/0040-web-layers-enforced-by-lint.md).
 */
export function usePreloadPage(): (pathname: string) => void {
  const routes = use(RoutesContext);
  return useCallback((pathname: string) => void preloadPath(routes, pathname), [routes]);
}

/**
 * Holds the location as React state. While the next page's chunk loads, the update is a
 * transition, so the current page stays on screen (no blank flash), as with React Router's
 * lazy routes. A page whose chunk is already here (fetched ahead) is rendered at once, in the
 * same task as the click, rather than in a transition's slices between other work.
 */
export function Router({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(getLocation);
  useEffect(
    () =>
      subscribe((next) => {
        forgetFailures();
        if (isPageLoaded(next.pathname)) setLocation(next);
        else startTransition(() => setLocation(next));
      }),
    [],
  );
  return <LocationContext value={location}>{children}</LocationContext>;
}

export function useLocation(): AppLocation {
  return use(LocationContext);
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return navigate;
}

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

function LazyPage({ route }: { route: Route }) {
  // A loaded page renders at once; `use` suspends only while its chunk is on the way.
  // Each route's component is created once, when its chunk loads, so it is stable.
  return createElement(use(loadRoute(route)));
}

interface BoundaryProps {
  fallback: ComponentType<{ error: unknown }>;
  children: ReactNode;
}

class PageErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo) {
    // Reported by the fallback, which knows whether it was a chunk or a page that failed.
  }

  override render() {
    const { error } = this.state;
    const Fallback = this.props.fallback;
    return error !== null ? <Fallback error={error} /> : this.props.children;
  }
}

interface RouteViewProps {
  routes: readonly Route[];
  /** Shown when the page throws or its chunk does not load. */
  errorPage: ComponentType<{ error: unknown }>;
}

/**
 * The page of the current location. The Suspense boundary stays mounted across navigations,
 * which is what lets a transition keep the old page up while the new one loads; below it each
 * page is keyed by its path, so it mounts afresh (fade in, its own touched fields, its own
 * error state).
 */
export function RouteView({ routes, errorPage }: RouteViewProps) {
  const { pathname } = useLocation();
  useEffect(() => {
    shownRoutes = routes;
  }, [routes]);
  const route = matchRoute(routes, pathname);
  return (
    <RoutesContext value={routes}>
      <Suspense fallback={null}>
        <div key={pathname} className="page">
          <PageErrorBoundary fallback={errorPage}>
            {route && <LazyPage route={route} />}
          </PageErrorBoundary>
        </div>
      </Suspense>
    </RoutesContext>
  );
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  children: ReactNode;
};

/** An ordinary link that navigates in the app on a plain left click. */
export function Link({ to, replace, onClick, children, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || rest.target) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return (
    <a href={to} {...rest} onClick={handleClick}>
      {children}
    </a>
  );
}
