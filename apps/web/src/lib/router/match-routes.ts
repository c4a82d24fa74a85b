import type { ReactNode } from 'react';

/**
 * One of the app's routes. A route with `children` is a layout: it shows its element around the
 * child that matches (through `<Outlet />`). A path not starting with `/` is relative to the
 * parent's; an `index` route matches its parent's path exactly; a path ending in `/*` matches
 * everything under it.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
  /** Anything the app keeps with a route: the lazy screen's preload (app/router.tsx). */
  handle?: unknown;
}

export type Params = Readonly<Record<string, string>>;

export interface RouteMatch {
  route: RouteObject;
  /** Every parameter of the matched branch (`:token`, and `*` for the rest of a splat). */
  params: Params;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function joinPaths(parent: string, path: string): string {
  return path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // A malformed escape is the segment as typed, not a crash.
  }
}

/**
 * The parameters `pattern` takes from `pathname`, or null when it does not match. Static segments
 * compare without case and a trailing slash does not count, as browsers' users expect.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  const splat = wanted.at(-1) === '*';
  if (splat) wanted.pop();
  if (splat ? given.length < wanted.length : given.length !== wanted.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeSegment(value);
    else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  if (splat) params['*'] = given.slice(wanted.length).map(decodeSegment).join('/');
  return params;
}

/**
 * The branch of `routes` that shows `pathname`, from the outermost layout to the screen: the first
 * route, in order, whose path or a child's matches. Null when none does.
 */
export function matchRoutes(
  routes: readonly RouteObject[],
  pathname: string,
  parentPath = '/',
): RouteMatch[] | null {
  for (const route of routes) {
    const path =
      route.index || route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
    if (route.children) {
      const branch = matchRoutes(route.children, pathname, path);
      const innermost = branch?.at(-1);
      if (branch && innermost) return [{ route, params: innermost.params }, ...branch];
    } else if (route.index || route.path !== undefined) {
      const params = matchPath(path, pathname);
      if (params) return [{ route, params }];
    }
  }
  return null;
}
