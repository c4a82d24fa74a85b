// @vitest-environment happy-dom
import type { AdminReviewRow } from '@netpulse/shared/admin';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { ReviewsScreen } from './reviews-screen';
import { renderInApp } from '@testing/render-in-app';

const CHANNEL_ID = 'UC_x5XG1OV2P6uZZ5FSM9Ttw';
const QUEUE: AdminReviewRow[] = [
  { user_id: 1, username: 'handle_fan', email: 'h@example.com', channel: '@Netpulse_Fan' },
  { user_id: 2, username: 'id_fan', email: 'i@example.com', channel: CHANNEL_ID },
  { user_id: 3, username: 'early_fan', email: 'e@example.com', channel: null },
];

function renderQueue(rows: AdminReviewRow[]) {
  vi.spyOn(apiClient, 'get').mockImplementation(async (url) => {
    if (url !== '/admin/reviews') throw new Error(`unexpected call ${url}`);
    return { success: true, message: 'OK', data: rows };
  });
  return renderInApp(<ReviewsScreen />);
}

/** The Channel cell of the row of `username`. */
async function channelCellOf(username: string) {
  const row = (await screen.findByText(username)).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  const cell = row.querySelector('[data-column="channel"]');
  if (!(cell instanceof HTMLElement)) throw new Error(`no channel cell for ${username}`);
  return within(cell);
}

beforeEach(() => vi.restoreAllMocks());
afterEach(cleanup);

describe('the review queue', () => {
  it('has a Channel column', async () => {
    renderQueue(QUEUE);
    expect(await screen.findByRole('columnheader', { name: 'Channel' })).toBeTruthy();
  });

  it('links each channel a person named to its page on YouTube, in a new tab', async () => {
    renderQueue(QUEUE);
    const expected = {
      handle_fan: ['@Netpulse_Fan', 'https://www.youtube.com/@Netpulse_Fan'],
      id_fan: [CHANNEL_ID, `https://www.youtube.com/channel/${CHANNEL_ID}`],
    };
    for (const [username, [channel, href]] of Object.entries(expected)) {
      const link = (await channelCellOf(username)).getByRole('link', {
        name: `${channel} (opens in a new tab)`,
      });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it("shows 'Not given' for a request sent before the quest asked for a channel", async () => {
    renderQueue(QUEUE);
    const cell = await channelCellOf('early_fan');
    expect(cell.getByText('Not given')).toBeTruthy();
    expect(cell.queryByRole('link')).toBeNull();
  });
});
