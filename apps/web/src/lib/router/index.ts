/**
 * The app's router: declarative routes over the browser's history, in about 2 KB (React Router's
 * part of the first page was 29 KB of its 103; docs/decisions/045). Names and behaviour follow
 * React Router's, for what the app uses of it.
 */
export { createMemoryHistory, type History, type InitialEntry, type Location } from './history';
export { Link, Navigate, NavLink, type LinkProps } from './links';
export { matchRoutes, matchPath, type RouteObject } from './match-routes';
export { Route, Routes } from './routes-element';
export {
  BrowserRouter,
  MemoryRouter,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  type NavigateFunction,
} from './router';
