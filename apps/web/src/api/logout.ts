import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { getPublicConfig } from '@/config/public-config';
import { paths } from '@/config/paths';
import { apiClient, AUTH_ENDPOINTS } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { clearExtension } from '@/components/extension/extension-bridge';

/** Revokes the refresh cookie on the server. */
export async function logout(): Promise<void> {
  await apiClient.post(AUTH_ENDPOINTS.logout);
}

/** How a sign-out goes: `sessionEnded` when the server ended the session already (issue 29). */
interface LogoutOptions {
  sessionEnded?: boolean;
}

/**
 * Ends the session (spec section 4): revoke the refresh cookie, clear all local
 * storage and the cached server state, sign the extension out, go to /login.
 * Neither a failed request nor an unreachable extension stops the logout. When the
 * session is over already (this browser's session ended from the Account screen, or
 * the account deleted), only this browser's side is left to do.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: async ({ sessionEnded = false }: LogoutOptions = {}) => {
      if (!sessionEnded) {
        await logout().catch((error: unknown) =>
          console.error('The logout request failed.', error),
        );
      }
      authStore.clearAll();
      queryClient.clear();
      // clearExtension only logs its failures; the user need not wait for the extension.
      void clearExtension(getPublicConfig().extensionId);
    },
    onSettled: () => navigate(paths.login.href(), { replace: true }),
  });
}
