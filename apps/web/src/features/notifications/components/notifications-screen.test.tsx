// @vitest-environment happy-dom
import type { NotificationRow } from '@netpulse/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { NotificationsScreen } from './notifications-screen';
import { renderInApp } from '@testing/render-in-app';

const notice = (overrides: Partial<NotificationRow>): NotificationRow => ({
  id: 'n1',
  type: 'node_offline',
  title: 'Your node went quiet',
  body: 'Laptop has not been heard from for 30 min.',
  link: null,
  created_at: '2026-11-20T10:00:00.000Z',
  read_at: null,
  ...overrides,
});

const NOTICES = [
  notice({ id: 'n1', title: 'Your node went quiet', link: '/nodes' }),
  notice({
    id: 'n2',
    type: 'announcement',
    title: 'A new cycle',
    link: 'https://example.com/news',
    read_at: '2026-11-21T10:00:00.000Z',
  }),
  notice({ id: 'n3', type: 'announcement', title: 'Odd link', link: 'javascript:alert(1)' }),
];

/** GET /notifications over `rows`: the unread filter applied, the unread count beside. */
function answerFor(rows: NotificationRow[]) {
  return (_path: string, options?: { query?: Record<string, unknown> }) => {
    const shown = options?.query?.unread === 'true' ? rows.filter((row) => !row.read_at) : rows;
    return Promise.resolve({
      success: true,
      message: 'OK',
      data: shown,
      meta: {
        current: 1,
        total_pages: shown.length > 0 ? 1 : 0,
        total_results: shown.length,
        size: 10,
        unread: rows.filter((row) => !row.read_at).length,
      },
    });
  };
}

function renderScreen() {
  renderInApp(
    <Routes>
      <Route path="/notifications" element={<NotificationsScreen />} />
      <Route path="/nodes" element={<p>The nodes screen</p>} />
    </Routes>,
    { at: '/notifications' },
  );
}

const ok = { success: true, message: 'OK' };

beforeEach(() => vi.restoreAllMocks());
afterEach(cleanup);

describe('the notifications screen', () => {
  it('lists the notices ten a page, the unread ones marked', async () => {
    const get = vi.spyOn(apiClient, 'get').mockImplementation(answerFor(NOTICES));
    renderScreen();
    const items = await screen.findAllByTestId('notice');
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.hasAttribute('data-unread'))).toEqual([true, false, true]);
    expect(within(items[0]!).getByText('Unread:')).toBeTruthy();
    expect(within(items[1]!).queryByText('Unread:')).toBeNull();
    expect(within(items[0]!).getByText('Laptop has not been heard from for 30 min.')).toBeTruthy();
    expect(items[0]!.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-20T10:00:00.000Z',
    );
    expect(get).toHaveBeenCalledWith(
      '/api/notifications',
      expect.objectContaining({ query: { pageNumber: 1, pageSize: 10, unread: undefined } }),
    );
    expect(screen.getByRole('heading', { name: '2 unread' })).toBeTruthy();
  });

  it('opens an app path in the app, an https link in a new tab, and follows no other link', async () => {
    vi.spyOn(apiClient, 'get').mockImplementation(answerFor(NOTICES));
    renderScreen();
    const web = await screen.findByRole('link', { name: 'A new cycle' });
    expect(web.getAttribute('href')).toBe('https://example.com/news');
    expect(web.getAttribute('target')).toBe('_blank');
    expect(web.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: 'Odd link' })).toBeNull();
    expect(screen.getByText('Odd link')).toBeTruthy();

    const app = screen.getByRole('link', { name: 'Your node went quiet' });
    expect(app.getAttribute('href')).toBe('/nodes');
    expect(app.getAttribute('target')).toBeNull();
  });

  it('marks an unread notice read when it is opened, and a read one not again', async () => {
    vi.spyOn(apiClient, 'get').mockImplementation(answerFor(NOTICES));
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(ok);
    renderScreen();
    fireEvent.click(await screen.findByRole('link', { name: 'A new cycle' }));
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'Your node went quiet' }));
    await screen.findByText('The nodes screen');
    expect(post).toHaveBeenCalledWith('/api/notifications/read', { ids: ['n1'] });
  });

  it('marks all as read, then lists them read, and the button has nothing more to do', async () => {
    let rows = NOTICES;
    vi.spyOn(apiClient, 'get').mockImplementation((path, options) =>
      answerFor(rows)(path, options),
    );
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async () => {
      rows = rows.map((row) => ({ ...row, read_at: row.read_at ?? '2026-11-26T10:00:00.000Z' }));
      return ok;
    });
    renderScreen();
    await screen.findAllByTestId('notice');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() =>
      expect(
        screen.getAllByTestId('notice').every((item) => !item.hasAttribute('data-unread')),
      ).toBe(true),
    );
    expect(post).toHaveBeenCalledWith('/api/notifications/read', { all: true });
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('heading', { name: 'Nothing unread' })).toBeTruthy();
  });

  it('shows the unread alone when asked, and says when none is left', async () => {
    const get = vi.spyOn(apiClient, 'get').mockImplementation(answerFor(NOTICES));
    renderScreen();
    await screen.findAllByTestId('notice');
    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));

    await waitFor(() => expect(screen.queryAllByTestId('notice')).toHaveLength(2));
    expect(screen.queryByText('A new cycle')).toBeNull();
    expect(get).toHaveBeenLastCalledWith(
      '/api/notifications',
      expect.objectContaining({ query: expect.objectContaining({ unread: 'true' }) }),
    );

    cleanup();
    vi.spyOn(apiClient, 'get').mockImplementation(answerFor([NOTICES[1]!]));
    renderScreen();
    await screen.findAllByTestId('notice');
    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    expect(await screen.findByText('You have read every notification.')).toBeTruthy();
  });

  it('says when there are no notices, and when they could not be loaded', async () => {
    vi.spyOn(apiClient, 'get').mockImplementation(answerFor([]));
    renderScreen();
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
    cleanup();

    vi.spyOn(apiClient, 'get').mockRejectedValue(new TypeError('Failed to fetch'));
    renderScreen();
    expect(await screen.findByText('The notifications could not be loaded.')).toBeTruthy();
  });
});
