// @vitest-environment happy-dom
import {
  formatDate,
  type Envelope,
  type ReferralCampaign,
  type ReferralStatusRow,
} from '@netpulse/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ReferralScreen } from './referral-screen';
import { renderInApp } from '@testing/render-in-app';

const campaign: ReferralCampaign = {
  successfulReferrals: 1,
  pendingReferrals: 1,
  totalReferralBonus: 200,
  referralUrl: 'https://netpulse.test/register?ref=ABCD2345',
  twitterUrl: 'https://twitter.com/intent/tweet?text=join',
};

const row = (overrides: Partial<ReferralStatusRow>): ReferralStatusRow => ({
  id: 1,
  username: 'referee',
  email: 'r***@example.com',
  register_on: '2026-11-22T10:30:00.000Z',
  referral_status: 'pending',
  tests_completed: 0,
  tests_required: 15,
  email_verified: true,
  ...overrides,
});

const list = (rows: ReferralStatusRow[], totalPages = 1): Envelope<ReferralStatusRow[]> => ({
  success: true,
  message: 'OK',
  data: rows,
  meta: { current: 1, total_pages: totalPages, total_results: rows.length, size: 5 },
});

/** Answers the two referral calls; `status` sees the query of each status request. */
function answer(status: (query: Record<string, unknown>) => Envelope<ReferralStatusRow[]>) {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (path, options) => {
    if (path === '/api/referrals-stats') return { success: true, message: 'OK', data: campaign };
    if (path === '/api/referrals-status') return status(options?.query ?? {});
    throw new Error(`unexpected call ${path}`);
  });
}

function renderScreen() {
  return renderInApp(<ReferralScreen />);
}

const table = () => screen.getByTestId('referral-status-table');

beforeEach(() => {
  vi.restoreAllMocks();
});
afterEach(cleanup);

describe('ReferralScreen', () => {
  it('shows the stat cards, the link and the empty state whose button copies the link', async () => {
    const requested = answer(() => list([]));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderScreen();

    expect(
      await screen.findByText(
        'Nobody has signed up with your link yet. Share it: each friend who completes 15 speed tests brings you 200 Bytes.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('stat-successful-referrals').querySelector('dd')?.textContent).toBe(
      '1',
    );
    expect(screen.getByTestId('stat-total-referral-bonus').querySelector('dd')?.textContent).toBe(
      '200 Bytes',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Your referral link').value).toBe(
      campaign.referralUrl,
    );
    expect(screen.getByTestId('referral-link').textContent).toContain(
      'Each successful referral unlocks an extra 200 Bytes',
    );
    expect(requested).toHaveBeenCalledWith('/api/referrals-status', {
      query: { startDate: '', endDate: '', pageNumber: 1, pageSize: 5 },
      signal: expect.any(AbortSignal),
    });

    fireEvent.click(
      within(screen.getByTestId('referral-link')).getByRole('button', {
        name: 'Copy referral link',
      }),
    );
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(campaign.referralUrl));
  });

  it('lists referees as plain text, with why a referral is still pending', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    answer(() =>
      list([
        row({ id: 2, username: markup, tests_completed: 3, email_verified: false }),
        row({ id: 1, username: 'done_one', referral_status: 'success', tests_completed: 15 }),
      ]),
    );
    renderScreen();

    const pending = (await within(table()).findByText(markup)).closest('tr') as HTMLElement;
    // The username stays text: nothing it contains becomes an element.
    expect(table().querySelector('img')).toBeNull();
    expect(within(pending).getByTestId('referral-status-badge').textContent).toBe('Pending');
    expect(within(pending).getByTestId('referral-progress').textContent).toBe(
      '3/15 tests · email not verified',
    );
    // The day of registration alone, in the one date style (10:30 UTC is the 22nd in every zone but the farthest east).
    expect(within(pending).getByText(formatDate('2026-11-22T10:30:00.000Z'))).toBeTruthy();
    expect(formatDate('2026-11-22T10:30:00.000Z', 'UTC')).toBe('2026-11-22');
    expect(within(pending).getByText('r***@example.com')).toBeTruthy();
    expect(within(pending).getByText('200')).toBeTruthy();

    const success = within(table()).getByText('done_one').closest('tr') as HTMLElement;
    expect(within(success).getByTestId('referral-status-badge').textContent).toBe('Success');
    expect(within(success).queryByTestId('referral-progress')).toBeNull();
  });

  it('asks for the page chosen in the pagination', async () => {
    const requested = answer((query) =>
      list([row({ id: Number(query.pageNumber), username: `page_${query.pageNumber}` })], 2),
    );
    renderScreen();

    await within(table()).findByText('page_1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table()).findByText('page_2');
    expect(requested).toHaveBeenLastCalledWith(
      '/api/referrals-status',
      expect.objectContaining({ query: expect.objectContaining({ pageNumber: 2, pageSize: 5 }) }),
    );
  });

  it('shows dashes and no link when the campaign cannot be loaded', async () => {
    vi.spyOn(apiClient, 'get').mockImplementation(async (path) => {
      if (path === '/api/referrals-status') return list([]);
      throw new Error('offline');
    });
    renderScreen();

    await waitFor(() =>
      expect(screen.getByTestId('stat-pending-referrals').querySelector('dd')?.textContent).toBe(
        '—',
      ),
    );
    const link = screen.getByLabelText<HTMLInputElement>('Your referral link');
    expect(link.value).toBe('');
    expect(link.placeholder).toBe('Your referral link is unavailable');
    const copy = within(screen.getByTestId('referral-link')).getByRole<HTMLButtonElement>(
      'button',
      { name: 'Copy referral link' },
    );
    expect(copy.disabled).toBe(true);
  });
});
