import { describe, expect, it } from 'vitest';
import { RECEIPT_TEXTS } from '../messages.ts';
import type { SpeedtestReceipt } from '../schemas/nodes.ts';
import { receiptLines } from './receipt.ts';

const receipt = (overrides: Partial<SpeedtestReceipt> = {}): SpeedtestReceipt => ({
  id: '0b6f1c6e-8f1e-4d8e-9a57-1c0f5f2b9e11',
  created_at: '2026-11-22T10:30:00.000Z',
  node_name: 'Chrome on Linux',
  download_mbps: 93.4,
  upload_mbps: 41.2,
  latency_ms: 12,
  base_points: 50,
  unique_ip: { multiplier: 2, applied: true },
  location: { multiplier: 2, applied: true },
  boost: null,
  points: 200,
  referrer_commission: null,
  ...overrides,
});

const texts = (r: SpeedtestReceipt) => receiptLines(r).map((line) => line.text);

describe('receiptLines', () => {
  it('explains a test with both boosts: base, x2 unique IP, x2 location, total', () => {
    expect(receiptLines(receipt())).toEqual([
      { id: 'base', text: '50 Bytes base', multiplier: null },
      { id: 'unique-ip', text: RECEIPT_TEXTS.uniqueIpApplied, multiplier: '2x' },
      { id: 'location', text: RECEIPT_TEXTS.locationApplied, multiplier: '2x' },
      { id: 'total', text: 'Total: 200 Bytes', multiplier: null },
    ]);
  });

  it('says why the unique IP boost is missing, naming no other account', () => {
    const lines = receiptLines(
      receipt({ unique_ip: { multiplier: 2, applied: false }, points: 100 }),
    );
    expect(lines.find((line) => line.id === 'unique-ip')).toEqual({
      id: 'unique-ip',
      text: 'No Unique IP boost: another account used this address in the last 24 hours',
      multiplier: null,
    });
  });

  it('says the location was not shared when the location boost is missing', () => {
    const lines = receiptLines(
      receipt({ location: { multiplier: 2, applied: false }, points: 100 }),
    );
    expect(lines.find((line) => line.id === 'location')?.text).toBe(
      'No Location boost: location was not shared',
    );
  });

  it('explains a test with neither boost as the base alone', () => {
    expect(
      texts(
        receipt({
          unique_ip: { multiplier: 2, applied: false },
          location: { multiplier: 2, applied: false },
          points: 50,
        }),
      ),
    ).toEqual([
      '50 Bytes base',
      RECEIPT_TEXTS.uniqueIpMissed,
      RECEIPT_TEXTS.locationMissed,
      'Total: 50 Bytes',
    ]);
  });

  it('adds the Elite Role boost before the total when the test had one', () => {
    const lines = receiptLines(receipt({ boost: 1.5, points: 300 }));
    expect(lines.map((line) => line.id)).toEqual([
      'base',
      'unique-ip',
      'location',
      'elite-boost',
      'total',
    ]);
    expect(lines[3]).toEqual({ id: 'elite-boost', text: 'Elite Role boost', multiplier: '1.5x' });
  });

  it("ends with the referrer's commission only when the test paid one", () => {
    expect(texts(receipt({ referrer_commission: 20 })).at(-1)).toBe(
      'Your referrer earned 20 Bytes commission from this test',
    );
    expect(texts(receipt({ referrer_commission: 0 })).at(-1)).toBe(
      'Your referrer earned 0 Bytes commission from this test',
    );
    expect(texts(receipt()).some((text) => text.includes('referrer'))).toBe(false);
  });
});
