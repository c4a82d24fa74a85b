import { describe, expect, it } from 'vitest';
import { measurementMbps } from './ndt7-client.ts';

describe('measurementMbps', () => {
  it("reads the server's bytes over its elapsed microseconds as megabits per second", () => {
    const text = JSON.stringify({
      AppInfo: { ElapsedTime: 2_000_000, NumBytes: 25_000_000 },
      Origin: 'server',
      Test: 'download',
    });
    expect(measurementMbps(text)).toBe(100);
  });

  it('is null for a message without a usable AppInfo', () => {
    expect(measurementMbps('not json')).toBeNull();
    expect(measurementMbps(JSON.stringify({ Origin: 'server' }))).toBeNull();
    expect(
      measurementMbps(JSON.stringify({ AppInfo: { ElapsedTime: 0, NumBytes: 10 } })),
    ).toBeNull();
    expect(measurementMbps('null')).toBeNull();
  });
});
