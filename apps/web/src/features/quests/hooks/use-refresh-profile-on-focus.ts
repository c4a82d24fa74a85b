import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileKeys } from '@/api/query-keys';

/**
 * Logins and quest pages open in other tabs; when the user comes back to this
 * one, the profile is fetched again so the quests show what was done there.
 */
export function useRefreshProfileOnFocus(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      if (queryClient.isFetching({ queryKey: profileKeys.all }) === 0) {
        void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      }
    };
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [queryClient]);
}
