// @vitest-environment happy-dom
import type { AnnouncementRow } from '@netpulse/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
import { AnnouncementsScreen } from './announcements-screen';
import { renderInApp } from '@testing/render-in-app';

const SENT: AnnouncementRow = {
  id: 4,
  title: 'Maintenance on Sunday',
  text: 'The servers rest from 02:00 to 03:00 UTC.',
  link: null,
  active_within_days: 30,
  sent_by: { id: 1, username: 'operator' },
  sent_at: '2026-03-10T12:00:00.000Z',
  recipients: 120,
};

function renderScreen(post: (url: string, body: unknown) => Promise<unknown>) {
  vi.spyOn(apiClient, 'get').mockImplementation(async (url) => {
    if (url !== '/admin/announcements') throw new Error(`unexpected call ${url}`);
    return {
      success: true,
      message: 'OK',
      data: [SENT],
      meta: { current: 1, size: 25, total_pages: 1, total_results: 1 },
    };
  });
  const posted = vi
    .spyOn(apiClient, 'post')
    .mockImplementation(async (url, body) => (await post(url, body)) as never);
  renderInApp(<AnnouncementsScreen />);
  return { posted };
}

function compose() {
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: SENT.title } });
  fireEvent.change(screen.getByLabelText('Text'), { target: { value: SENT.text } });
  fireEvent.change(screen.getByLabelText('Audience'), { target: { value: 'active' } });
}

beforeEach(() => vi.restoreAllMocks());
afterEach(cleanup);

describe('the announcements screen', () => {
  it('previews the reach and the notice as a member will see it', async () => {
    const { posted } = renderScreen(async () => ({
      success: true,
      message: 'OK',
      data: { recipients: 120, notice: { title: SENT.title, body: SENT.text, link: null } },
    }));
    compose();
    fireEvent.click(screen.getByTestId('preview-announcement'));
    const preview = await screen.findByTestId('announcement-preview');
    expect(preview.textContent).toContain('Reaches 120 accounts');
    expect(within(preview).getByRole('heading').textContent).toBe(SENT.title);
    expect(posted).toHaveBeenCalledWith('/admin/announcements/preview', {
      title: SENT.title,
      text: SENT.text,
      link: null,
      activeWithinDays: 30,
    });
  });

  it('sends only once the operator confirms', async () => {
    const { posted } = renderScreen(async () => ({ success: true, message: 'OK', data: SENT }));
    compose();
    fireEvent.click(screen.getByTestId('send-announcement'));
    const dialog = await screen.findByTestId('send-announcement-dialog');
    expect(dialog.textContent).toContain('active in the last 30 days');
    expect(posted).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith('/admin/announcements', expect.anything()),
    );
  });

  it('shows the server’s words under the field it refused', async () => {
    renderScreen(async () => {
      throw new ApiError(400, {
        success: false,
        message: 'The link must be an https address',
        errors: { link: ['The link must be an https address'] },
      });
    });
    compose();
    fireEvent.change(screen.getByLabelText('Link (optional, https)'), {
      target: { value: 'http://a.example' },
    });
    fireEvent.click(screen.getByTestId('preview-announcement'));
    expect(await screen.findByText('The link must be an https address')).toBeTruthy();
    expect(screen.queryByTestId('announcement-preview')).toBeNull();
  });

  it('lists the announcements sent', async () => {
    renderScreen(async () => ({}));
    const table = await screen.findByTestId('admin-announcements-table');
    await waitFor(() => expect(table.textContent).toContain(SENT.title));
    expect(table.textContent).toContain('Active in the last 30 days');
    expect(table.textContent).toContain('operator');
  });
});
