// @vitest-environment happy-dom
import { defaultNotificationPreferences, type NotificationPreferences } from '@netpulse/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
import { FAKE_SUBSCRIPTION, fakeBrowser } from '@/features/settings/push/fake-browser-push';
import { toast } from '@/lib/toast';
import { NotificationsSection } from './notifications-section';
import { renderInApp } from '@testing/render-in-app';

vi.mock(
  '@/features/settings/push/browser-push',
  () => import('@/features/settings/push/fake-browser-push'),
);

function renderSection(saved: NotificationPreferences) {
  vi.spyOn(apiClient, 'get').mockResolvedValue({ success: true, message: 'OK', data: saved });
  renderInApp(<NotificationsSection />);
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const savedInLisbon = (): NotificationPreferences => ({
  ...defaultNotificationPreferences(),
  time_zone: 'Europe/Lisbon',
});

beforeEach(() => {
  vi.restoreAllMocks();
  // This browser is subscribed, so the push column is usable (push-control.test.tsx has the rest).
  fakeBrowser.reset({ subscription: FAKE_SUBSCRIPTION });
  vi.spyOn(apiClient, 'post').mockResolvedValue({ success: true, message: 'OK' });
});
afterEach(cleanup);

describe('the notification preferences', () => {
  it('draws the matrix: a labelled box per offered cell, none where a channel cannot carry the event', async () => {
    renderSection(savedInLisbon());
    expect(
      await screen.findByRole('checkbox', { name: 'Node offline or back online by mail' }),
    ).toBeTruthy();
    expect(box('Node offline or back online by mail').checked).toBe(true);
    expect(box('Daily claim reminder by mail').checked).toBe(false);
    expect(box('Daily claim reminder in the extension').checked).toBe(true);
    expect(box('Announcements in the app').checked).toBe(true);
    // The extension carries the node's events and the reminder only.
    const cycle = screen.getByRole('group', { name: 'Cycle ended' });
    expect(within(cycle).getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.queryByRole('checkbox', { name: 'Cycle ended in the extension' })).toBeNull();
  });

  it('holds security mail on: a checked, disabled box with the note saying why', async () => {
    renderSection(savedInLisbon());
    const locked = await screen.findByRole('checkbox', { name: 'Security by mail' });
    expect((locked as HTMLInputElement).checked).toBe(true);
    expect((locked as HTMLInputElement).disabled).toBe(true);
    const note = document.getElementById(locked.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toContain('Security mail cannot be turned off');
  });

  it('saves the whole set in one PUT, the locked cell on, and says so', async () => {
    const request = vi
      .spyOn(apiClient, 'request')
      .mockResolvedValue({ success: true, message: 'OK' });
    const success = vi.spyOn(toast, 'success');
    renderSection(savedInLisbon());
    // The push column is usable once this browser's subscription has been read: a box still
    // disabled would ignore the click.
    await waitFor(() => expect(box('Cycle ended by push').disabled).toBe(false));
    fireEvent.click(box('Cycle ended by push'));
    fireEvent.click(box('Node offline or back online by mail'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Mail delivery' }), {
      target: { value: 'digest' },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '23:00' } });
    save();

    await waitFor(() => expect(request).toHaveBeenCalled());
    const [method, path, options] = request.mock.calls[0]!;
    expect([method, path]).toEqual(['PUT', '/api/notifications/preferences']);
    const body = (options as { body: NotificationPreferences }).body;
    const expected = savedInLisbon();
    expected.channels.cycle_ended.push = true;
    expected.channels.node_offline.mail = false;
    expect(body).toEqual({
      ...expected,
      mail_mode: 'digest',
      quiet_hours: { start: '23:00', end: '07:00' },
    });
    expect(body.channels.security.mail).toBe(true);
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Your notification preferences are saved.'),
    );
  });

  it('offers the browser’s zone while the account still has the UTC it started with', async () => {
    const request = vi
      .spyOn(apiClient, 'request')
      .mockResolvedValue({ success: true, message: 'OK' });
    // A browser away from UTC, so the zone sent is the browser's and not the default.
    const options = Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...options,
      timeZone: 'Asia/Tokyo',
    });
    renderSection(defaultNotificationPreferences());
    await screen.findByRole('checkbox', { name: 'Security by mail' });
    save();
    await waitFor(() => expect(request).toHaveBeenCalled());
    expect((request.mock.calls[0]![2] as { body: NotificationPreferences }).body.time_zone).toBe(
      'Asia/Tokyo',
    );
  });

  it('shows a 400’s field errors under their fields', async () => {
    vi.spyOn(apiClient, 'request').mockRejectedValue(
      new ApiError(400, {
        success: false,
        message: 'Validation failed',
        errors: {
          time_zone: ['Choose a time zone'],
          'quiet_hours.end': ['Quiet hours must start and end at different times'],
        },
      }),
    );
    renderSection({ ...savedInLisbon(), quiet_hours: { start: '22:00', end: '06:00' } });
    await screen.findByRole('checkbox', { name: 'Security by mail' });
    save();

    const to = screen.getByLabelText('To');
    await waitFor(() =>
      expect(document.getElementById(to.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Quiet hours must start and end at different times',
      ),
    );
    const zone = screen.getByLabelText('Time zone');
    expect(document.getElementById(zone.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose a time zone',
    );
  });

  it('checks quiet hours in the browser before sending', async () => {
    const request = vi.spyOn(apiClient, 'request');
    renderSection({ ...savedInLisbon(), quiet_hours: { start: '22:00', end: '06:00' } });
    fireEvent.change(await screen.findByLabelText('To'), { target: { value: '22:00' } });
    save();
    expect(
      await screen.findByText('Quiet hours must start and end at different times'),
    ).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });
});
