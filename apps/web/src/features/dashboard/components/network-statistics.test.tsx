// @vitest-environment happy-dom
import {
  RECEIPT_TEXTS,
  type Envelope,
  type NetworkStatRow,
  type SpeedtestReceipt,
} from '@netpulse/shared';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { NetworkStatistics } from './network-statistics';
import { renderInApp } from '@testing/render-in-app';

const row = (overrides: Partial<NetworkStatRow> = {}): NetworkStatRow => ({
  id: '0b6f1c6e-8f1e-4d8e-9a57-1c0f5f2b9e11',
  created_at: '2026-11-22T10:30:00.000Z',
  is_ip_slashing: true,
  is_location_slashing: true,
  ip_address: '203.0.113.7',
  points: 50,
  additional_boost: null,
  download_mbps: 93.44,
  upload_mbps: 41.2,
  latency_ms: 12.3,
  node_name: 'Chrome on Linux',
  ...overrides,
});

const OLD_ID = '5c1d7e9a-3b2f-4a6c-8d0e-2f4a6b8c0d12';
const rows = [
  row(),
  row({ id: OLD_ID, download_mbps: null, upload_mbps: null, latency_ms: null, node_name: null }),
];

const receipt: SpeedtestReceipt = {
  id: rows[0]!.id,
  created_at: rows[0]!.created_at,
  node_name: 'Chrome on Linux',
  download_mbps: 93.44,
  upload_mbps: 41.2,
  latency_ms: 12.3,
  base_points: 50,
  unique_ip: { multiplier: 2, applied: false },
  location: { multiplier: 2, applied: false },
  boost: null,
  points: 50,
  referrer_commission: 5,
};

function answer() {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (path) => {
    if (path === '/api/points') {
      const page: Envelope<NetworkStatRow[]> = {
        success: true,
        message: 'OK',
        data: rows,
        meta: { current: 1, total_pages: 1, total_results: rows.length, size: 5 },
      };
      return page;
    }
    if (path === `/api/points/${receipt.id}/receipt`) {
      return { success: true, message: 'OK', data: receipt };
    }
    throw new Error(`unexpected call ${path}`);
  });
}

/** Renders the table and lets its first load come due (half visible for 2.5 s). */
async function renderTable() {
  renderInApp(<NetworkStatistics />);
  await act(async () => {
    vi.advanceTimersByTime(2600);
  });
  return screen.getByTestId('network-statistics-table');
}

beforeEach(() => {
  vi.restoreAllMocks();
  // No observer: the table counts as visible, and the 2.5 s delay is all that stands.
  vi.stubGlobal('IntersectionObserver', undefined);
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // The receipt is a modal <dialog>; happy-dom's showModal is enough, stubbed if missing.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const cellOf = (tr: HTMLElement, column: string) =>
  tr.querySelector(`[data-column="${column}"]`) as HTMLElement;

/** The two body rows, once the page has arrived (the skeleton rows come first). */
async function bodyRows(table: HTMLElement) {
  await within(table).findByText('Chrome on Linux');
  const [measured, old] = table.querySelectorAll<HTMLElement>('tbody tr');
  if (!measured || !old) throw new Error('the table has fewer than two rows');
  return { measured, old };
}

describe('Network Statistics', () => {
  it('links to the public explorer of the whole network', async () => {
    answer();
    await renderTable();
    const link = screen.getByRole('link', { name: 'Explore the whole network' });
    expect(link.getAttribute('href')).toBe('/explorer');
  });

  it('shows Node, Download, Upload and Latency, with a dash read as not measured for null', async () => {
    answer();
    const table = await renderTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Time',
      'Node',
      'Download',
      'Upload',
      'Latency',
      'Speeds',
      'IP Address',
      'Bytes',
      'Receipt',
    ]);

    const { measured, old } = await bodyRows(table);
    expect(cellOf(measured, 'node').textContent).toBe('Chrome on Linux');
    expect(cellOf(measured, 'download').textContent).toBe('93.4 Mbit/s');
    expect(cellOf(measured, 'upload').textContent).toBe('41.2 Mbit/s');
    expect(cellOf(measured, 'latency').textContent).toBe('12 ms');

    for (const column of ['download', 'upload', 'latency']) {
      const cell = cellOf(old, column);
      expect(within(cell).getByText('-').getAttribute('aria-hidden')).toBe('true');
      expect(within(cell).getByText('Not measured').className).toContain('sr-only');
    }
    expect(within(cellOf(old, 'node')).getByText('No node recorded')).toBeTruthy();
    // Mobile cards label each value with its column's header.
    expect(cellOf(old, 'latency').getAttribute('data-label')).toBe('Latency');
    // A phone's card shows the three figures as one line instead, so it stays short.
    expect(cellOf(measured, 'speeds').textContent).toBe(
      '93.4 Mbit/s down · 41.2 Mbit/s up · 12 ms',
    );
    expect(within(cellOf(old, 'speeds')).getByText('Not measured')).toBeTruthy();
    for (const column of ['download', 'upload', 'latency']) {
      expect(cellOf(measured, column).className).toContain('max-sm:hidden');
    }
    expect(cellOf(measured, 'speeds').className).toContain('sm:hidden');
  });

  it("opens a row's receipt from its button, explaining each factor and the commission", async () => {
    const requested = answer();
    const table = await renderTable();
    const { measured } = await bodyRows(table);
    fireEvent.click(within(measured).getByRole('button', { name: /^Receipt of the test at / }));

    const dialog = await screen.findByRole('dialog', { name: RECEIPT_TEXTS.title });
    const lines = await within(dialog).findAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '50 Bytes base',
      RECEIPT_TEXTS.uniqueIpMissed,
      RECEIPT_TEXTS.locationMissed,
      'Total: 50 Bytes',
      'Your referrer earned 5 Bytes commission from this test',
    ]);
    expect(requested).toHaveBeenCalledWith(`/api/points/${receipt.id}/receipt`, {
      signal: expect.any(AbortSignal),
    });
  });

  it('opens the receipt on a click anywhere in the row too', async () => {
    answer();
    const table = await renderTable();
    const { measured } = await bodyRows(table);
    fireEvent.click(cellOf(measured, 'download'));
    expect(await screen.findByRole('dialog', { name: RECEIPT_TEXTS.title })).toBeTruthy();
  });
});
