import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useIntl } from '@/lib/i18n/use-intl';

/**
 * Shown when a screen throws or its code cannot be loaded (typically after a
 * deploy replaced the chunks). A full reload fetches the current build.
 */
export function RouteError() {
  const intl = useIntl();
  const error = useRouteError();
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
