import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ActionLink } from '@/components/ui/action-link';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';
import { ADMIN_QUERY_KEY } from '@/features/admin/api/admin-query-keys';
import { isTwoFactorSetupRefusal } from '@/features/admin/two-factor-setup-refusal';

/**
 * Whether the console's API refused one of its reads because this admin has no second factor
 * (`isTwoFactorSetupRefusal`): read from the query cache, so no screen has to report it.
 */
export function useTwoFactorSetupRequired(): boolean {
  const queryCache = useQueryClient().getQueryCache();
  const subscribe = useCallback(
    (onChange: () => void) => queryCache.subscribe(onChange),
    [queryCache],
  );
  const refused = () =>
    queryCache
      .findAll({ queryKey: ADMIN_QUERY_KEY })
      .some((query) => isTwoFactorSetupRefusal(query.state.error));
  return useSyncExternalStore(subscribe, refused, refused);
}

/**
 * What an admin without a second factor sees instead of the console (issue 29): why, and the
 * way to the Account screen to add one. The refused reads are dropped when it goes, so the
 * console asks again the next time it opens.
 */
export function TwoFactorSetupNotice() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  useEffect(
    () => () =>
      queryClient.removeQueries({
        queryKey: ADMIN_QUERY_KEY,
        predicate: (query) => isTwoFactorSetupRefusal(query.state.error),
      }),
    [queryClient],
  );
  return (
    <div
      role="alert"
      data-testid="two-factor-setup-notice"
      className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h1 className="text-xl font-semibold text-ink">
        {intl.formatMessage({
          id: 'adminTwoFactor.title',
          defaultMessage: 'Add a second factor to use the console',
        })}
      </h1>
      <p className="text-sm text-ink-muted">
        {intl.formatMessage({
          id: 'adminTwoFactor.explained',
          defaultMessage:
            'An account that can act on every other one must not open with a password alone. Set up an authenticator app or add a passkey in your account settings, then come back.',
        })}
      </p>
      <ActionLink to={paths.settings.href()}>
        {intl.formatMessage({
          id: 'adminTwoFactor.toSettings',
          defaultMessage: 'Go to account settings',
        })}
      </ActionLink>
    </div>
  );
}
