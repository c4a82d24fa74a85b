import { Component, useEffect, type ReactNode } from 'react';
import { useIntl } from '@/lib/i18n/use-intl';

/**
 * Shown when a screen throws or its code cannot be loaded (typically after a
 * deploy replaced the chunks). A full reload fetches the current build.
 */
function RouteError({ error }: { error: unknown }) {
  const intl = useIntl();
  useEffect(() => console.error(error), [error]);
  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div role="alert" className="max-w-md text-center">
        <h1 className="text-2xl font-semibold text-ink">
          {intl.formatMessage({ id: 'routeError.title', defaultMessage: 'Something went wrong' })}
        </h1>
        <p className="mt-3 text-ink-muted">
          {intl.formatMessage({
            id: 'routeError.description',
            defaultMessage: 'This page could not be shown. Please try again.',
          })}
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-accent px-4 text-sm font-semibold text-accent-ink hover:bg-accent-strong"
        >
          {intl.formatMessage({ id: 'routeError.reload', defaultMessage: 'Reload' })}
        </button>
      </div>
    </div>
  );
}

interface BoundaryProps {
  /** The address shown (`useLocation().key`): a new one renders its screen again. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  locationKey: string;
  failed: { error: unknown } | null;
}

/**
 * The screens' error boundary: `RouteError` in place of the page that failed, until the
 * person goes elsewhere (as React Router's data router kept a route's error element).
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { locationKey: this.props.locationKey, failed: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: { error } };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey
      ? null
      : { locationKey: props.locationKey, failed: null };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.failed.error} /> : this.props.children;
  }
}
