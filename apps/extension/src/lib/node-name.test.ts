import { describe, expect, it } from 'vitest';
import { NODE_NAME_MAX } from '@netpulse/shared';
import { nodeNameOf } from './node-name.ts';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0';

describe('nodeNameOf', () => {
  it('names the browser and the system from userAgentData, skipping Chromium and the decoy brand', () => {
    expect(
      nodeNameOf({
        userAgent: CHROME_LINUX,
        userAgentData: {
          brands: [{ brand: 'Chromium' }, { brand: 'Google Chrome' }, { brand: 'Not)A;Brand' }],
          platform: 'Linux',
        },
      }),
    ).toBe('Chrome on Linux');
    expect(
      nodeNameOf({
        userAgent: EDGE_WINDOWS,
        userAgentData: {
          brands: [{ brand: 'Not A(Brand' }, { brand: 'Microsoft Edge' }, { brand: 'Chromium' }],
          platform: 'Windows',
        },
      }),
    ).toBe('Edge on Windows');
  });

  it('plain Chromium is Chromium', () => {
    expect(
      nodeNameOf({
        userAgent: CHROME_LINUX,
        userAgentData: {
          brands: [{ brand: 'Chromium' }, { brand: 'Not-A.Brand' }],
          platform: 'Linux',
        },
      }),
    ).toBe('Chromium on Linux');
  });

  it('falls back to the user agent when userAgentData is missing', () => {
    expect(nodeNameOf({ userAgent: CHROME_LINUX })).toBe('Chrome on Linux');
    expect(nodeNameOf({ userAgent: EDGE_WINDOWS })).toBe('Edge on Windows');
    expect(
      nodeNameOf({
        userAgent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      }),
    ).toBe('Chrome on macOS');
    expect(nodeNameOf({ userAgent: 'Something' })).toBe('Browser');
  });

  it('never exceeds the longest name the server takes', () => {
    const name = nodeNameOf({
      userAgent: '',
      userAgentData: { brands: [{ brand: 'B'.repeat(60) }], platform: 'Linux' },
    });
    expect(name.length).toBeLessThanOrEqual(NODE_NAME_MAX);
  });
});
