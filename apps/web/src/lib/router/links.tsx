import {
  useEffect,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { createPath, parsePath } from './history';
import { useLocation, useNavigate } from './router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address in the app: `paths.dashboard.href()`. */
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the page should handle itself: not a new tab or window, a download or a save. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * A link to an address in the app: a real `<a href>` (it opens in a new tab, it can be copied),
 * whose plain click moves without loading the page. A click to where the app already is replaces
 * the entry rather than adding the same one twice.
 */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const href = createPath(parsePath(to, location.pathname));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainClick(event, target)) return;
    event.preventDefault();
    navigate(href, { replace: replace ?? href === createPath(location), state });
  };
  return <a {...anchor} href={href} target={target} onClick={handleClick} />;
}

interface NavLinkState {
  isActive: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  className?: string | ((state: NavLinkState) => string);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
  /** Active only at its own address, not at the addresses under it. */
  end?: boolean;
}

/** Whether the address `pathname` is at `to`'s, or (unless `end`) under it. `/` is active only at `/`. */
function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const there = parsePath(to)
    .pathname.toLowerCase()
    .replace(/(.)\/$/, '$1');
  return here === there || (!end && there !== '/' && here.startsWith(`${there}/`));
}

/** A navigation link: marked `aria-current="page"` where it leads, its look told whether it is. */
export function NavLink({ to, end, className, children, ...link }: NavLinkProps) {
  const isActive = isActivePath(useLocation().pathname, to, end);
  const state = { isActive };
  return (
    <Link
      {...link}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(state) : className}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}

/** Moves to `to` once rendered: a route's redirect. */
export function Navigate({
  to,
  replace,
  state,
}: {
  to: string;
  replace?: boolean;
  state?: unknown;
}) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
