// @vitest-environment happy-dom
import type { AdminLedgerRow } from '@netpulse/shared/admin';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { startInLocale } from '@/lib/i18n/active-locale';
import { loadMessages } from '@/lib/i18n/catalogs';
import { LedgerPanel } from './user-screen';
import { renderInApp } from '@testing/render-in-app';

const ROWS: AdminLedgerRow[] = [
  {
    id: 2,
    transaction_id: 'tx-2',
    transaction_type: 'speedtest_earning',
    date_time: '2026-11-22T10:30:00.000Z',
    season: 'Kilo',
    points_earned: 100,
    details: 'Speedtest',
  },
  {
    id: 1,
    transaction_id: 'tx-1',
    transaction_type: 'daily_claim',
    date_time: '2026-11-21T08:00:00.000Z',
    season: 'Kilo',
    points_earned: 50,
    details: 'Daily Streak: 5 days',
  },
];

function renderLedger() {
  vi.spyOn(apiClient, 'get').mockImplementation(async (url) => {
    if (url === '/admin/users/7/transactions') {
      return {
        success: true,
        message: 'OK',
        data: ROWS,
        meta: { current: 1, size: 25, total_pages: 1, total_results: 2 },
      };
    }
    throw new Error(`unexpected call ${url}`);
  });
  renderInApp(<LedgerPanel userId={7} />);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  startInLocale('en', {});
});

describe("the console's ledger of a user", () => {
  it('names each type and detail as the transaction history does, in the page language', async () => {
    startInLocale('es', await loadMessages('es'));
    renderLedger();
    const table = await screen.findByRole('table', { name: 'Movimientos' });
    const cells = await within(table).findAllByRole('cell');
    const texts = cells.map((cell) => cell.textContent);
    expect(texts).toContain('Ganancias de red');
    expect(texts).toContain('Contribución a la red');
    expect(texts).toContain('Reclamo diario');
    expect(texts).not.toContain('Network Earning');
    expect(texts).not.toContain('Daily Claim');
  });
});
