// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { unreadCountOf } from '@/features/notifications/api/follow-unread-count';
import { NotificationBell } from './notification-bell';
import { renderInApp } from '@testing/render-in-app';

/** GET /notifications's answer with `unread` beside the page's meta. */
const unreadAnswer = (unread: number) => ({
  success: true,
  message: 'OK',
  data: [],
  meta: { current: 1, total_pages: 0, total_results: 0, size: 1, unread },
});

/** A stream the test writes to, as the server would, chunk by chunk. */
function fakeStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200 }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
  };
}

function renderBell() {
  renderInApp(<NotificationBell />);
}

const bell = () => screen.getByRole('link', { name: /^Notifications/ });

beforeEach(() => {
  vi.restoreAllMocks();
  authStore.setToken('token-1');
});
afterEach(() => {
  cleanup();
  authStore.clearToken();
});

describe('the notifications bell', () => {
  it('shows the unread count, says it, and opens /notifications', async () => {
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue(unreadAnswer(3));
    vi.spyOn(apiClient, 'openStream').mockReturnValue(new Promise(() => {}));
    renderBell();

    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
    expect(bell().getAttribute('href')).toBe('/notifications');
    expect(get).toHaveBeenCalledWith(
      '/api/notifications',
      expect.objectContaining({
        query: expect.objectContaining({ pageSize: 1 }),
      }),
    );
  });

  it('shows no badge at 0 and 99+ above 99', async () => {
    vi.spyOn(apiClient, 'openStream').mockReturnValue(new Promise(() => {}));
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue(unreadAnswer(0));
    renderBell();
    await waitFor(() => expect(get).toHaveBeenCalled());
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    cleanup();

    get.mockResolvedValue(unreadAnswer(120));
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('99+'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 120 unread');
  });

  it('follows the live stream: each unread event sets the count', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue(unreadAnswer(1));
    const stream = fakeStream();
    const openStream = vi.spyOn(apiClient, 'openStream').mockResolvedValue(stream.response);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('1'));
    expect(openStream).toHaveBeenCalledWith('/api/notifications/stream', expect.anything());

    stream.send(': keep-alive\n\nevent: unr');
    stream.send('ead\ndata: {"unread": 2}\n\n');
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('2'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');

    stream.send('event: unread\ndata: {"unread": 0}\n\n');
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
  });

  it('opens the stream again with a new token, and closes it at sign-out', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue(unreadAnswer(0));
    const signals: AbortSignal[] = [];
    vi.spyOn(apiClient, 'openStream').mockImplementation((_path, options) => {
      signals.push(options!.signal!);
      return new Promise(() => {});
    });
    renderBell();
    await waitFor(() => expect(signals).toHaveLength(1));

    authStore.setToken('token-2');
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]!.aborted).toBe(true);

    authStore.clearToken();
    await waitFor(() => expect(signals[1]!.aborted).toBe(true));
    expect(signals).toHaveLength(2);
  });
});

describe('an unread event', () => {
  it('gives its count, and nothing for another event or what the contract does not allow', () => {
    expect(unreadCountOf({ event: 'unread', data: '{"unread": 4}' })).toBe(4);
    expect(unreadCountOf({ event: 'unread', data: '{"unread": 0}' })).toBe(0);
    expect(unreadCountOf({ event: 'message', data: '{"unread": 4}' })).toBeNull();
    for (const data of ['{"unread": -1}', '{"unread": 1.5}', '{"unread": "4"}', 'null', 'oops']) {
      expect(unreadCountOf({ event: 'unread', data }), data).toBeNull();
    }
  });
});
