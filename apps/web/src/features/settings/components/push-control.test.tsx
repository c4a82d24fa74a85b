// @vitest-environment happy-dom
import { defaultNotificationPreferences } from '@netpulse/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FAKE_SUBSCRIPTION,
  fakeBrowser,
  subscribeBrowser,
  unsubscribeBrowser,
} from '@/features/settings/push/fake-browser-push';
import { apiClient } from '@/lib/api-client';
import { NotificationsSection } from './notifications-section';
import { renderInApp } from '@testing/render-in-app';

vi.mock(
  '@/features/settings/push/browser-push',
  () => import('@/features/settings/push/fake-browser-push'),
);

const PUBLIC_KEY = 'BServerVapidPublicKey';

function renderSection() {
  vi.spyOn(apiClient, 'get').mockImplementation(async (path) =>
    path === '/api/push/public-key'
      ? { success: true, message: 'OK', data: { publicKey: PUBLIC_KEY } }
      : { success: true, message: 'OK', data: defaultNotificationPreferences() },
  );
  renderInApp(<NotificationsSection />);
}

const pushBox = () =>
  screen.getByRole('checkbox', { name: 'Cycle ended by push' }) as HTMLInputElement;
const note = () => screen.getByTestId('push-note');
/** The machine is shared: the preferences load, then the browser's subscription is read. */
const SLOW = { timeout: 5_000 };
const buttonNamed = (name: string) => screen.findByRole('button', { name }, SLOW);

let post: ReturnType<typeof vi.spyOn>;
let request: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  fakeBrowser.reset();
  post = vi.spyOn(apiClient, 'post').mockResolvedValue({ success: true, message: 'OK' });
  request = vi.spyOn(apiClient, 'request').mockResolvedValue({ success: true, message: 'OK' });
});
afterEach(cleanup);

describe('push in this browser', () => {
  it('says when the browser has no push, and keeps the push column off', async () => {
    fakeBrowser.reset({ availability: 'unsupported' });
    renderSection();
    expect((await screen.findByTestId('push-note', {}, SLOW)).textContent).toContain(
      'This browser cannot receive push notifications',
    );
    expect(pushBox().disabled).toBe(true);
    expect(pushBox().getAttribute('aria-describedby')).toBe(note().id);
    expect(screen.queryByRole('button', { name: 'Turn on push in this browser' })).toBeNull();
  });

  it('says when notifications were refused for the site', async () => {
    fakeBrowser.reset({ availability: 'denied' });
    renderSection();
    expect((await screen.findByTestId('push-note', {}, SLOW)).textContent).toContain(
      'Notifications are blocked for this site',
    );
    expect(pushBox().disabled).toBe(true);
  });

  it('turns push on: asks permission, subscribes with the server’s key, sends the subscription, then the column is usable', async () => {
    renderSection();
    const turnOn = await buttonNamed('Turn on push in this browser');
    expect(pushBox().disabled).toBe(true);
    fireEvent.click(turnOn);

    await buttonNamed('Turn off push in this browser');
    expect(subscribeBrowser).toHaveBeenCalledWith(PUBLIC_KEY);
    expect(post).toHaveBeenCalledWith('/api/push/subscriptions', FAKE_SUBSCRIPTION);
    expect(pushBox().disabled).toBe(false);
  });

  it('stays off, saying why, when the person refuses the browser’s prompt', async () => {
    fakeBrowser.reset({ answer: 'denied' });
    renderSection();
    fireEvent.click(await buttonNamed('Turn on push in this browser'));
    await waitFor(() => expect(note().textContent).toContain('Notifications are blocked'));
    expect(subscribeBrowser).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
    expect(pushBox().disabled).toBe(true);
  });

  it('turns push off: unsubscribes the browser and forgets it on the server', async () => {
    fakeBrowser.reset({ subscription: FAKE_SUBSCRIPTION });
    renderSection();
    const turnOff = await buttonNamed('Turn off push in this browser');
    expect(pushBox().disabled).toBe(false);
    fireEvent.click(turnOff);

    await buttonNamed('Turn on push in this browser');
    expect(unsubscribeBrowser).toHaveBeenCalled();
    expect(request).toHaveBeenCalledWith('DELETE', '/api/push/subscriptions', {
      body: { endpoint: FAKE_SUBSCRIPTION.endpoint },
    });
    expect(pushBox().disabled).toBe(true);
  });
});
