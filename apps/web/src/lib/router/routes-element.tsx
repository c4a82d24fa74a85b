import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { RouteObject } from './match-routes';
import { useRoutes } from './router';

type RouteProps = Omit<RouteObject, 'children' | 'handle'> & { children?: ReactNode };

/** A route written as an element inside `<Routes>`; it renders nothing of its own. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function routesOf(children: ReactNode): RouteObject[] {
  return Children.toArray(children)
    .filter((child): child is ReactElement<RouteProps> => isValidElement(child))
    .map(({ props: { children: nested, ...route } }) =>
      nested === undefined ? route : { ...route, children: routesOf(nested) },
    );
}

/** `useRoutes` over routes written as `<Route>` elements (the tests' way; the app's are objects). */
export function Routes({ children }: { children: ReactNode }) {
  return useRoutes(routesOf(children));
}
