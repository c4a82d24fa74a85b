import { API_BASE_URL } from '../../lib/api-client';

/** The backend route that finishes linking a Discord account. */
export const DISCORD_CALLBACK_PATH = `${API_BASE_URL}/api/auth/discord/callback`;

/**
 * Discord's implicit grant returns `#access_token=…&token_type=…` in the URL
 * hash. Returns the backend URL to hand the token to, or null when there is none.
 */
export function discordCallbackUrl(hash: string): string | null {
  const accessToken = new URLSearchParams(hash.replace(/^#/, '')).get('access_token');
  if (!accessToken) return null;
  return `${DISCORD_CALLBACK_PATH}?accessToken=${encodeURIComponent(accessToken)}`;
}
