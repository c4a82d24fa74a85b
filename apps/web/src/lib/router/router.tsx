import {
  createContext,
  startTransition,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  type History,
  type InitialEntry,
  type Location,
  type NavigateOptions,
} from './history';
import { matchRoutes, type Params, type RouteObject } from './match-routes';

/** Moves to `to`, or back (-1) and forward through the history. */
export type NavigateFunction = {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
};

interface Navigation {
  location: Location;
  navigate: NavigateFunction;
}

const NavigationContext = createContext<Navigation | null>(null);

/** What a matched route gives the elements inside it: the branch's parameters, its child. */
interface RouteContextValue {
  params: Params;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteContextValue>({ params: {}, outlet: null });

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('A link or route hook is used outside the app’s router.');
  return navigation;
}

/**
 * Holds `history`'s location for what it wraps. A move renders in a transition, so a screen whose
 * code is still loading keeps the previous one on screen instead of a loading state.
 */
function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  // Subscribed before any screen's effect runs (a redirect's, say), so no move goes unseen.
  useLayoutEffect(
    () => history.listen((next) => startTransition(() => setLocation(next))),
    [history],
  );
  const navigate = useMemo<NavigateFunction>(
    () =>
      (to: string | number, options: NavigateOptions = {}) => {
        if (typeof to === 'number') history.go(to);
        else if (options.replace) history.replace(to, options.state);
        else history.push(to, options.state);
      },
    [history],
  );
  const navigation = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <NavigationContext value={navigation}>{children}</NavigationContext>;
}

/** The app's router in the browser: the address bar, back and forward. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

/**
 * A router over addresses kept in memory, the last one current: the prerender's and the tests'.
 * A test that looks at the history afterwards (or moves it) makes it and passes it in.
 */
export function MemoryRouter({
  initialEntries,
  history: given,
  children,
}: {
  initialEntries?: readonly InitialEntry[];
  history?: History;
  children: ReactNode;
}) {
  const [history] = useState(() => given ?? createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useNavigation().location;
}

/** The same function for the router's life, so effects can depend on it. */
export function useNavigate(): NavigateFunction {
  return useNavigation().navigate;
}

/** The matched route's parameters: `:token` in `/verify-email/:token`. */
export function useParams(): Params {
  return useContext(RouteContext).params;
}

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** The element the layout around it matched for the address: a layout's `<Outlet />`. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/**
 * The elements of the branch of `routes` that shows the current address, each layout around its
 * child; null when no route matches.
 */
export function useRoutes(routes: readonly RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const branch = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!branch) return null;
  return branch.reduceRight<ReactNode>(
    (outlet, { route, params }) => (
      <RouteContext value={{ params, outlet }}>{route.element ?? outlet}</RouteContext>
    ),
    null,
  );
}
