import {
  Component,
  createContext,
  createElement,
  startTransition,
  Suspense,
  use,
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

const loading = new Map<Route, Promise<ComponentType>>();
const failed = new Set<Route>();

/**
 * Marks a promise's outcome on it the way React's `use` reads it, so a page whose chunk is
 * already here renders at once instead of suspending for a tick.
 */
export function trackPromise<T>(promise: Promise<T>): Promise<T> {
  const marked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
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
 * later visit tries the chunk again.
 */
function loadRoute(route: Route): Promise<ComponentType> {
  let promise = loading.get(route);
  if (!promise) {
    promise = trackPromise(route.load());
    promise.catch(() => failed.add(route));
    loading.set(route, promise);
  }
  return promise;
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

/** Loads the page of `pathname` before the first render, so the first paint is complete. */
export function preloadPath(routes: readonly Route[], pathname: string): Promise<unknown> {
  const route = matchRoute(routes, pathname);
  return route ? loadRoute(route).catch(() => undefined) : Promise.resolve();
}

const LocationContext = createContext<AppLocation>(getLocation());

/**
 * Holds the location as React state, updated in a transition: while the next page's chunk
 * loads, the current page stays on screen (no blank flash), as with React Router's lazy routes.
 */
export function Router({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(getLocation);
  useEffect(
    () =>
      subscribe((next) => {
        forgetFailures();
        startTransition(() => setLocation(next));
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
  const route = matchRoute(routes, pathname);
  return (
    <Suspense fallback={null}>
      <div key={pathname} className="page">
        <PageErrorBoundary fallback={errorPage}>
          {route && <LazyPage route={route} />}
        </PageErrorBoundary>
      </div>
    </Suspense>
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
