import type { FailedJobRow, JobQueueOverview } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { usePagedQuery } from '@/hooks/use-paged-query';
import { apiClient } from '@/lib/api-client';
import { readData, readPage, type Page } from '@/lib/api-data';
import { ADMIN_API, adminKeys } from './admin-query-keys';
import { ADMIN_PAGE_SIZE } from './get-users';

/** GET /admin/jobs: waiting, running, failed, and the oldest wait. */
export async function getJobQueue(signal?: AbortSignal): Promise<JobQueueOverview> {
  return readData(await apiClient.get<JobQueueOverview>(`${ADMIN_API}/jobs`, { signal }));
}

export function useJobQueue() {
  return useQuery({ queryKey: adminKeys.jobs(), queryFn: ({ signal }) => getJobQueue(signal) });
}

/** GET /admin/jobs/failed: one page of the failed jobs, the latest failure first. */
export async function getFailedJobs(
  pageNumber: number,
  signal?: AbortSignal,
): Promise<Page<FailedJobRow>> {
  const envelope = await apiClient.get<FailedJobRow[]>(`${ADMIN_API}/jobs/failed`, {
    query: { pageNumber, pageSize: ADMIN_PAGE_SIZE },
    signal,
  });
  return readPage(envelope);
}

export function useFailedJobs(pageNumber: number) {
  return usePagedQuery({
    queryKey: adminKeys.failedJobs(pageNumber),
    fetchPage: (signal) => getFailedJobs(pageNumber, signal),
  });
}
