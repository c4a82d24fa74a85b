import type { AccountPreferences, Envelope } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';

/** PATCH /account/preferences: the account's language, for its pages and its mails. */
export function saveAccountLocale(
  locale: AccountPreferences['locale'],
): Promise<Envelope<unknown>> {
  return apiClient.request('PATCH', '/api/account/preferences', { body: { locale } });
}
