import { AUTH_TOASTS } from '@netpulse/shared';
import { useCallback } from 'react';
import { useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { authStore } from '@/lib/auth-store';
import { clearSignOutNotice } from '@/lib/sign-out-notice';
import { toast } from '@/lib/toast';

/**
 * What every way of signing in ends with (a password, then a code when two-factor sign-in is
 * on, or a passkey): store the access token, which signs the routes in and is handed to the
 * extension (`keepExtensionSignedIn`, main.tsx), say so, and go to the dashboard.
 */
export function useFinishSignIn(): (accessToken: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (accessToken: string) => {
      authStore.setToken(accessToken);
      clearSignOutNotice();
      toast.success(AUTH_TOASTS.loginSuccess);
      navigate(paths.dashboard.href());
    },
    [navigate],
  );
}
