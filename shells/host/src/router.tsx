import {
  Children,
  createContext,
  isValidElement,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * The host's router: the few pieces of react-router's API the shell uses (about 1 KB gzip instead
 * of about 20 KB). Paths are static segments, `:param` segments and `*`; `navigate` takes an
 * absolute path (with `?query`), or `.` for the current location (e.g. to clear its state).
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/** Where the location lives: the browser's history, or memory (tests). */
interface History {
  location(): Location;
  push(to: Location, replace: boolean): void;
  subscribe(onChange: () => void): () => void;
}

interface RouterContextValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterContextValue | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

function parseTo(to: string, current: Location, state: unknown): Location {
  if (to === '.') return { ...current, state };
  const url = new URL(to, `http://host${current.pathname}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state };
}

function browserHistory(): History {
  let current: Location | undefined;
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const state: unknown = (window.history.state as { usr?: unknown } | null)?.usr ?? null;
    if (
      !current ||
      current.pathname !== pathname ||
      current.search !== search ||
      current.hash !== hash ||
      current.state !== state
    ) {
      current = { pathname, search, hash, state };
    }
    return current;
  };
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    location: read,
    push(to, replace) {
      const url = to.pathname + to.search + to.hash;
      // `usr` is where react-router kept the state: a reload keeps working across the switch.
      if (replace) window.history.replaceState({ usr: to.state }, '', url);
      else window.history.pushState({ usr: to.state }, '', url);
      notify();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      window.addEventListener('popstate', onChange);
      return () => {
        listeners.delete(onChange);
        window.removeEventListener('popstate', onChange);
      };
    },
  };
}

function memoryHistory(initial: string): History {
  let current = parseTo(initial, { pathname: '/', search: '', hash: '', state: null }, null);
  const listeners = new Set<() => void>();
  return {
    location: () => current,
    push(to) {
      current = to;
      listeners.forEach((listener) => listener());
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const location = useSyncExternalStore(history.subscribe, history.location, history.location);
  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      const next = parseTo(to, history.location(), options.state ?? null);
      history.push(next, options.replace ?? false);
    },
    [history],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** The page's own address bar and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router in memory, starting at `initialEntries[0]` (tests and server rendering). */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [history] = useState(() => memoryHistory(initialEntries[0] ?? '/'));
  return <Router history={history}>{children}</Router>;
}

function useRouter(): RouterContextValue {
  const router = use(RouterContext);
  if (!router) throw new Error('router hooks must be used inside a BrowserRouter or MemoryRouter');
  return router;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
export const useParams = (): Record<string, string | undefined> => use(ParamsContext);

/** The query string, and a setter that navigates to the same path with a new one (push). */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const search = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setSearch = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [location.pathname, navigate],
  );
  return [search, setSearch];
}

/** Matches `pattern` against `pathname`: the params, or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const value = got[i]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value) {
      return null;
    }
  }
  return params;
}

export interface RouteProps {
  path: string;
  element: ReactNode;
}

/** Declares one route; only meaningful as a child of `Routes`. */
export function Route(_props: RouteProps): null {
  return null;
}

/** Renders the element of the first `Route` child whose path matches (`*` last). */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const routes = Children.toArray(children).filter(
    (child): child is ReactElement<RouteProps> => isValidElement(child) && child.type === Route,
  );
  for (const route of routes) {
    const params = matchPath(route.props.path, pathname);
    if (params) return <ParamsContext value={params}>{route.props.element}</ParamsContext>;
  }
  return null;
}

/** Redirects while rendering (after commit, like react-router). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/** An `<a href>` that navigates inside the app on a plain left click. */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} target={target} onClick={handleClick} {...rest} />;
}
