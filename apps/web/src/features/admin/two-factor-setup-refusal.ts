import { isApiError } from '@/lib/api-client';

/**
 * Whether a console API call was refused because the admin has no second factor yet
 * (`ADMIN_REQUIRE_2FA`, issue 29): a 403 whose envelope carries `twoFactorSetupRequired:
 * true`, in `data` or in `errors`. The one place that reads the flag, should its home move.
 */
export function isTwoFactorSetupRefusal(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403 || !error.envelope) return false;
  const { data, errors } = error.envelope as { data?: unknown; errors?: unknown };
  return carriesFlag(data) || carriesFlag(errors);
}

function carriesFlag(part: unknown): boolean {
  if (typeof part !== 'object' || part === null) return false;
  const flag = (part as Record<string, unknown>).twoFactorSetupRequired;
  // `errors` holds lists of texts by field: a flag there may come as a list too.
  return flag === true || (Array.isArray(flag) && flag.length > 0);
}
