import { expect, it } from 'vitest';
import { exportFileName } from './csv-export.ts';

const NOW = new Date('2026-11-24T23:30:00Z');

it('names an export by product, list, scope and days; an open start is `all`, an open end today (UTC)', () => {
  expect(exportFileName('Netpulse', 'transactions', {}, NOW)).toBe(
    'Netpulse-transactions-all-to-2026-11-24.csv',
  );
  expect(
    exportFileName(
      'Netpulse',
      'transactions',
      { startDate: '2026-01-01', endDate: '2026-02-01' },
      NOW,
    ),
  ).toBe('Netpulse-transactions-2026-01-01-to-2026-02-01.csv');
  expect(
    exportFileName('Netpulse', 'transactions', { scope: 'Kilo', startDate: '2026-01-01' }, NOW),
  ).toBe('Netpulse-transactions-Kilo-2026-01-01-to-2026-11-24.csv');
});

it('keeps only letters, digits and dashes of the product name, so the header cannot break', () => {
  expect(exportFileName('My "Net"; pulse/..', 'points', {}, NOW)).toBe(
    'My-Net-pulse-points-all-to-2026-11-24.csv',
  );
  expect(exportFileName('✓✓', 'points', {}, NOW)).toBe('export-points-all-to-2026-11-24.csv');
});
