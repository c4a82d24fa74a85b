import { DEFAULT_PAGE_META, type Envelope, type NetworkStatRow } from '@netpulse/shared';
import { describe, expect, it } from 'vitest';
import { readData, readPage } from './api-data';

const row: NetworkStatRow = {
  id: 'a1',
  created_at: '2026-01-02T03:04:05.000Z',
  is_ip_slashing: false,
  is_location_slashing: true,
  ip_address: '10.0.0.1',
  points: 100,
  additional_boost: null,
  download_mbps: 93.4,
  upload_mbps: 41.2,
  latency_ms: 12,
  node_name: 'Chrome on Linux',
};

const envelope = <T>(data: T | undefined, meta?: Envelope['meta']): Envelope<T> => ({
  success: true,
  message: 'OK',
  data,
  meta,
});

describe('readPage', () => {
  it('returns the rows and the meta', () => {
    const meta = { current: 2, total_pages: 3, total_results: 11, size: 5 };
    expect(readPage(envelope([row], meta))).toEqual({ rows: [row], meta });
  });

  it('falls back to the default meta when the answer has none', () => {
    expect(readPage(envelope<NetworkStatRow[]>([])).meta).toEqual(DEFAULT_PAGE_META);
  });

  it('refuses an answer without rows', () => {
    expect(() => readPage(envelope<NetworkStatRow[]>(undefined))).toThrow();
  });
});

describe('readData', () => {
  it('returns the payload and refuses a missing one', () => {
    expect(readData(envelope({ a: 1 }))).toEqual({ a: 1 });
    expect(() => readData(envelope(undefined))).toThrow('The answer has no data.');
  });
});
