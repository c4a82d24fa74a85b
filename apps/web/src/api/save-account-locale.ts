import type { AccountPreferences, Envelope, UserProfile } from '@netpulse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { intl } from '@/lib/i18n/active-locale';
import { toast } from '@/lib/toast';
import { profileKeys } from './query-keys';

type AccountLocale = AccountPreferences['locale'];

/** PATCH /account/preferences: the account's language, for its pages and its mails. */
export function saveAccountLocale(locale: AccountLocale): Promise<Envelope<unknown>> {
  return apiClient.request('PATCH', '/api/account/preferences', { body: { locale } });
}

/**
 * Saves a language chosen in the account menu. The cached profile takes it at once, so that
 * a profile read still on its way cannot switch the page back to the account's old language.
 */
export function useSaveAccountLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountLocale,
    onMutate: (locale: AccountLocale) => {
      queryClient.setQueryData<UserProfile>(profileKeys.all, (profile) =>
        profile ? { ...profile, locale } : profile,
      );
    },
    onError: () => {
      toast.error(
        intl().formatMessage({
          id: 'language.saveFailed',
          defaultMessage: 'Your language could not be saved to your account. Please try again.',
        }),
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
