// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  createMemoryHistory,
  Link,
  matchPath,
  matchRoutes,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useParams,
  useRoutes,
  useSearchParams,
  type RouteObject,
} from '@/lib/router';

afterEach(cleanup);

describe('matchPath', () => {
  it('takes parameters, decoded, and ignores case and a trailing slash', () => {
    expect(matchPath('/verify-email/:token', '/verify-email/a%20b')).toEqual({ token: 'a b' });
    expect(matchPath('/login', '/Login/')).toEqual({});
    expect(matchPath('/login', '/login/more')).toBeNull();
    expect(matchPath('/admin/users/:userId', '/admin/users')).toBeNull();
  });

  it('matches everything under a splat, the splat itself included', () => {
    expect(matchPath('/admin/*', '/admin')).toEqual({ '*': '' });
    expect(matchPath('/admin/*', '/admin/users/7')).toEqual({ '*': 'users/7' });
    expect(matchPath('*', '/anything/at/all')).toEqual({ '*': 'anything/at/all' });
  });

  it('keeps a malformed escape as typed instead of throwing', () => {
    expect(matchPath('/verify-email/:token', '/verify-email/%E0%A4%A')).toEqual({
      token: '%E0%A4%A',
    });
  });
});

const ROUTES: RouteObject[] = [
  { path: '/', element: 'home-layout', children: [{ index: true, element: 'login' }] },
  {
    element: 'signed-in-layout',
    handle: 'layout',
    children: [
      { path: '/dashboard', element: 'dashboard', handle: 'dashboard' },
      { path: 'nodes', element: 'nodes' },
    ],
  },
  { path: '*', element: 'not found' },
];

describe('matchRoutes', () => {
  const elementsAt = (pathname: string) =>
    matchRoutes(ROUTES, pathname)?.map(({ route }) => route.element);

  it('gives the branch from the layout to the screen, the first in order that matches', () => {
    expect(elementsAt('/')).toEqual(['home-layout', 'login']);
    expect(elementsAt('/dashboard')).toEqual(['signed-in-layout', 'dashboard']);
    expect(elementsAt('/nodes')).toEqual(['signed-in-layout', 'nodes']);
    expect(elementsAt('/elsewhere')).toEqual(['not found']);
  });

  it('gives each match its route, so a route can carry what the app keeps with it', () => {
    expect(matchRoutes(ROUTES, '/dashboard')?.map(({ route }) => route.handle)).toEqual([
      'layout',
      'dashboard',
    ]);
    expect(matchRoutes([{ path: '/login', element: 'x' }], '/nowhere')).toBeNull();
  });
});

function Where() {
  const { pathname, search, state } = useLocation();
  return (
    <output data-testid="where">
      {pathname}
      {search}
      {state ? ` ${JSON.stringify(state)}` : ''}
    </output>
  );
}

function Layout() {
  return (
    <div>
      <NavLink to="/" className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Home
      </NavLink>
      <NavLink to="/admin" end>
        Console
      </NavLink>
      <NavLink to="/admin">Console and under</NavLink>
      <Outlet />
    </div>
  );
}

function UserScreen() {
  return <p>user {useParams().userId}</p>;
}

function SearchScreen() {
  return <p>ref {useSearchParams().get('ref')}</p>;
}

const APP_ROUTES: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <p>home</p> },
      { path: '/admin', element: <p>console</p> },
      { path: '/admin/users/:userId', element: <UserScreen /> },
      { path: '/register', element: <SearchScreen /> },
      { path: '/old', element: <Navigate to="/admin" replace state={{ from: 'old' }} /> },
    ],
  },
];

function App() {
  return (
    <>
      {useRoutes(APP_ROUTES)}
      <Where />
      <Link to="/admin/users/7" state={{ via: 'link' }}>
        User 7
      </Link>
      <Link to="/register?ref=ABCD" target="_blank">
        Register in a new tab
      </Link>
    </>
  );
}

describe('the router', () => {
  it('renders the matched screen inside its layout, with its parameters and the search', () => {
    render(
      <MemoryRouter initialEntries={['/admin/users/42']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByText('user 42')).toBeTruthy();
    cleanup();
    render(
      <MemoryRouter initialEntries={['/register?ref=AB%20CD']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByText('ref AB CD')).toBeTruthy();
  });

  it('moves on a link’s plain click, with its state, and back through the history', () => {
    const history = createMemoryHistory(['/']);
    render(
      <MemoryRouter history={history}>
        <App />
      </MemoryRouter>,
    );
    const link = screen.getByText('User 7');
    expect(link.getAttribute('href')).toBe('/admin/users/7');
    fireEvent.click(link);
    expect(screen.getByText('user 7')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/admin/users/7 {"via":"link"}');
    act(() => history.go(-1));
    expect(screen.getByText('home')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('leaves a click that opens elsewhere to the browser', () => {
    const leftToTheBrowser: boolean[] = [];
    render(
      // Notes whether the link left the click alone, then stops the test's page from following it.
      <div
        onClick={(event) => {
          leftToTheBrowser.push(!event.defaultPrevented);
          event.preventDefault();
        }}
      >
        <MemoryRouter initialEntries={['/']}>
          <App />
        </MemoryRouter>
      </div>,
    );
    fireEvent.click(screen.getByText('User 7'), { ctrlKey: true });
    fireEvent.click(screen.getByText('Register in a new tab'));
    expect(leftToTheBrowser).toEqual([true, true]);
    expect(screen.getByTestId('where').textContent).toBe('/');
    fireEvent.click(screen.getByText('User 7'));
    expect(leftToTheBrowser).toEqual([true, true, false]);
    expect(screen.getByTestId('where').textContent).toBe('/admin/users/7 {"via":"link"}');
  });

  it('marks the link of where the app is, and of what is under it unless `end`', () => {
    render(
      <MemoryRouter initialEntries={['/admin/users/7']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByText('Home').className).toBe('off');
    expect(screen.getByText('Console').getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Console and under').getAttribute('aria-current')).toBe('page');
  });

  it('replaces the entry where a route redirects, once under StrictMode', () => {
    const history = createMemoryHistory(['/', '/old']);
    render(
      <StrictMode>
        <MemoryRouter history={history}>
          <App />
        </MemoryRouter>
      </StrictMode>,
    );
    expect(screen.getByText('console')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/admin {"from":"old"}');
    // The redirect replaced /old: back is where the app was before it.
    act(() => history.go(-1));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('follows the browser’s address, its history and its back button', () => {
    window.history.replaceState(null, '', '/admin');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(screen.getByText('console')).toBeTruthy();
    fireEvent.click(screen.getByText('User 7'));
    expect(window.location.pathname).toBe('/admin/users/7');
    expect(screen.getByText('user 7')).toBeTruthy();
    // The browser's back button: the address is the earlier entry's, then popstate.
    act(() => {
      window.history.replaceState(null, '', '/admin');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(window.location.pathname).toBe('/admin');
    expect(screen.getByText('console')).toBeTruthy();
  });
});
