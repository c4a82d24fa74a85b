// @vitest-environment happy-dom
import type { SpeedtestReceipt } from '@netpulse/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startInLocale } from '@/lib/i18n/active-locale';
import { loadMessages } from '@/lib/i18n/catalogs';
import { ReceiptBody } from './speedtest-receipt-dialog';

const receipt: SpeedtestReceipt = {
  id: '0b6f1c6e-8f1e-4d8e-9a57-1c0f5f2b9e11',
  created_at: '2026-11-22T10:30:00.000Z',
  node_name: 'Chrome on Linux',
  download_mbps: 93.44,
  upload_mbps: 41.2,
  latency_ms: 12.3,
  base_points: 50,
  unique_ip: { multiplier: 2, applied: true },
  location: { multiplier: 2, applied: false },
  boost: null,
  points: 100,
  referrer_commission: 10,
};

afterEach(() => {
  cleanup();
  startInLocale('en', {});
});

describe('the receipt in the page language', () => {
  it('says each line, the numbers in it too, in Spanish', async () => {
    startInLocale('es', await loadMessages('es'));
    render(<ReceiptBody receipt={receipt} />);
    const lines = screen.getAllByRole('listitem').map((line) => line.textContent);
    expect(lines).toEqual([
      '50 Bytes de base',
      'IP única: ninguna otra cuenta usó esta dirección en las últimas 24 horas2x',
      'Sin bonificación de Ubicación: no se compartió la ubicación',
      'Total: 100 Bytes',
      'Quien te invitó ganó 10 Bytes de comisión con esta prueba',
    ]);
    expect(screen.getByText('Descarga')).toBeTruthy();
  });
});
