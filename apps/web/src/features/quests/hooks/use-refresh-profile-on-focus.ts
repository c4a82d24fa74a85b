import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { USER_PROFILE_QUERY_KEY } from '@/api/get-user-profile';

/**
 * Logins and quest pages open in other tabs; when the user comes back to this
 * one, the profile is fetched again so the quests show what was done there.
 */
export function useRefreshProfileOnFocus(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      if (queryClient.isFetching({ queryKey: USER_PROFILE_QUERY_KEY }) === 0) {
        void queryClient.invalidateQueries({ queryKey: USER_PROFILE_QUERY_KEY });
      }
    };
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [queryClient]);
}
