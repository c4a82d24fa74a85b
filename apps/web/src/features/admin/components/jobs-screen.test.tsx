// @vitest-environment happy-dom
import type { FailedJobRow, JobQueueOverview } from '@netpulse/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { JobsScreen } from './jobs-screen';
import { renderInApp } from '@testing/render-in-app';

const COUNTS: JobQueueOverview = { waiting: 12, running: 3, failed: 1, oldest_waiting_s: 42 };
const FAILED: FailedJobRow = {
  id: 7,
  kind: 'notice.mail',
  delivery_key: 'notice:31:mail',
  attempts: 5,
  last_error: 'the mail server refused the connection',
  created_at: '2026-03-10T11:00:00.000Z',
  failed_at: '2026-03-10T11:30:00.000Z',
};

function renderJobs() {
  vi.spyOn(apiClient, 'get').mockImplementation(async (url) => {
    if (url === '/admin/jobs') return { success: true, message: 'OK', data: COUNTS };
    if (url === '/admin/jobs/failed') {
      return {
        success: true,
        message: 'OK',
        data: [FAILED],
        meta: { current: 1, size: 25, total_pages: 1, total_results: 1 },
      };
    }
    throw new Error(`unexpected call ${url}`);
  });
  const request = vi
    .spyOn(apiClient, 'request')
    .mockResolvedValue({ success: true, message: 'The job is queued again', data: null });
  renderInApp(<JobsScreen />);
  return { request };
}

beforeEach(() => vi.restoreAllMocks());
afterEach(cleanup);

describe('the job queue screen', () => {
  it('shows the waiting, running, failed and the oldest wait', async () => {
    renderJobs();
    const figure = async (testId: string) =>
      (await screen.findByTestId(testId)).querySelector('dd')?.textContent;
    await waitFor(async () => expect(await figure('jobs-waiting')).toBe('12'));
    expect(await figure('jobs-running')).toBe('3');
    expect(await figure('jobs-failed')).toBe('1');
    expect(await figure('jobs-oldest-waiting')).toBe('42 seconds');
  });

  it('retries a failed job at once', async () => {
    const { request } = renderJobs();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry job 7' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('POST', '/admin/jobs/7/retry'));
  });

  it('drops a failed job only once the operator confirms', async () => {
    const { request } = renderJobs();
    fireEvent.click(await screen.findByRole('button', { name: 'Drop job 7' }));
    const dialog = await screen.findByTestId('drop-job-dialog');
    expect(dialog.textContent).toContain('notice:31:mail');
    expect(request).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('DELETE', '/admin/jobs/7'));
  });
});
