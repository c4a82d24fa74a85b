import { QueryCache, QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { toast } from './toast';
import { isApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    /** A query names the toast its failure shows, e.g. "An error occurred while fetching …". */
    queryMeta: { errorToast?: string };
  }
}

/** A failed refresh already sent the user to login; a toast on top would only add noise. */
const endedTheSession = (error: Error) => isApiError(error) && error.sessionExpired;

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // One place turns query failures into the toasts of spec section 8.
    onError: (error, query) => {
      const message = query.meta?.errorToast;
      if (message && !endedTheSession(error)) toast.error(message);
    },
  }),
  defaultOptions: {
    queries: {
      // A 4xx will not heal by itself; a network blip might.
      retry: (failureCount, error) => !isApiError(error) && failureCount < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

/**
 * The options a screen may pass to an endpoint's mutation hook. Callbacks given
 * here (not to `mutate`) still run when the screen unmounts first, as the login
 * screen does the moment the token is stored.
 */
export type MutationConfig<MutationFn extends (variables: never) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<MutationFn>>, Error, Parameters<MutationFn>[0]>,
  'mutationFn'
>;
