import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { ADMIN_API } from './admin-query-keys';
import { useAdminMutation } from './use-admin-mutation';

/** POST /admin/jobs/:jobId/retry: the failed job is due again; answers the server's words. */
export async function retryJob(jobId: number): Promise<string> {
  return (await apiClient.request('POST', `${ADMIN_API}/jobs/${jobId}/retry`)).message;
}

/** DELETE /admin/jobs/:jobId: the failed job will never run; answers the server's words. */
export async function dropJob(jobId: number): Promise<string> {
  return (await apiClient.request('DELETE', `${ADMIN_API}/jobs/${jobId}`)).message;
}

export function useRetryJob(config: MutationConfig<typeof retryJob> = {}) {
  return useAdminMutation(retryJob, config);
}

export function useDropJob(config: MutationConfig<typeof dropJob> = {}) {
  return useAdminMutation(dropJob, config);
}
