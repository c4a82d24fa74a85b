// @vitest-environment happy-dom
import { formatDateTime, type NetworkNode } from '@netpulse/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NodeCard } from './node-card';

const node = (overrides: Partial<NetworkNode> = {}): NetworkNode => ({
  id: '6f1c2d1e-5b7a-4f8e-9a3c-0d2e4f6a8b10',
  kind: 'extension',
  name: 'Chrome on Linux',
  version: '0.1.0',
  online: true,
  last_seen_at: '2026-11-22T10:30:00.000Z',
  created_at: '2026-11-01T08:00:00.000Z',
  tests_today: 2,
  daily_limit: 4,
  next_test_at: '2026-11-22T14:05:00.000Z',
  last_result: {
    download_mbps: 93.44,
    upload_mbps: 41.2,
    latency_ms: 12.3,
    completed_at: '2026-11-22T10:29:00.000Z',
  },
  cycle_points: 1250,
  ...overrides,
});

function renderCard(value: NetworkNode) {
  const onRename = vi.fn();
  const onRemove = vi.fn();
  render(<NodeCard node={value} onRename={onRename} onRemove={onRemove} />);
  return { card: screen.getByRole('article', { name: value.name }), onRename, onRemove };
}

afterEach(cleanup);

describe('NodeCard', () => {
  it('shows an online node as Online, without a last seen time, with its figures', () => {
    const { card } = renderCard(node());
    expect(within(card).getByTestId('node-status').textContent).toBe('Online');
    expect(within(card).queryByText(/last seen/)).toBeNull();
    expect(within(card).getByText('0.1.0')).toBeTruthy();
    expect(within(card).getByText('2 of 4')).toBeTruthy();
    expect(within(card).getByText(formatDateTime('2026-11-22T14:05:00.000Z'))).toBeTruthy();
    expect(within(card).getByTestId('node-last-result').textContent).toBe(
      '93.4 Mbit/s down · 41.2 Mbit/s up · 12 ms',
    );
    expect(within(card).getByText('1,250 Bytes')).toBeTruthy();
  });

  it('shows an offline node as Offline with when it was last seen, on the 24-hour clock', () => {
    const lastSeen = '2026-11-21T19:07:00.000Z';
    const { card } = renderCard(node({ online: false, last_seen_at: lastSeen }));
    expect(within(card).getByTestId('node-status').textContent).toBe('Offline');
    const seen = within(card).getByTestId('node-last-seen');
    expect(seen.textContent).toBe(`last seen ${formatDateTime(lastSeen)}`);
    expect(seen.textContent).toMatch(/^last seen \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(seen.querySelector('time')?.getAttribute('dateTime')).toBe(lastSeen);
  });

  it('says what is missing: never seen, no planned test, no test yet', () => {
    const { card } = renderCard(
      node({ online: false, last_seen_at: null, next_test_at: null, last_result: null }),
    );
    expect(within(card).getByTestId('node-last-seen').textContent).toBe('never seen');
    expect(within(card).getByText('None planned')).toBeTruthy();
    expect(within(card).getByText('No test yet')).toBeTruthy();
  });

  it('offers Rename and Remove for this node', () => {
    const { card, onRename, onRemove } = renderCard(node());
    fireEvent.click(within(card).getByRole('button', { name: 'Rename' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(onRename).toHaveBeenCalledTimes(1);
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});
