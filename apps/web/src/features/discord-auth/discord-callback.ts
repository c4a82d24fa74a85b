import { API_BASE_URL } from '@/lib/api-client';

/** The backend route that finishes linking a Discord account. */
export const DISCORD_CALLBACK_PATH = `${API_BASE_URL}/api/auth/discord/callback`;

/**
 * Discord's implicit grant returns `#access_token=…&token_type=…&state=…` in the
 * URL hash. Returns the backend URL to hand the token and the login's state to,
 * or null when either is missing.
 */
export function discordCallbackUrl(hash: string): string | null {
  const returned = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = returned.get('access_token');
  const state = returned.get('state');
  if (!accessToken || !state) return null;
  const query = new URLSearchParams({ accessToken, state });
  return `${DISCORD_CALLBACK_PATH}?${query}`;
}
