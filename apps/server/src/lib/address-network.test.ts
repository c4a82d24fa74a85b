import { describe, expect, it } from 'vitest';
import { networkOf } from './address-network.ts';
import { browserNameOf } from './browser-name.ts';

describe('networkOf', () => {
  it('keeps an IPv4 address’s /24 and never the address', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });

  it('keeps an IPv6 address’s /48', () => {
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });

  it('answers null for what is not an address', () => {
    expect(networkOf(undefined)).toBeNull();
    expect(networkOf('')).toBeNull();
    expect(networkOf('example.org')).toBeNull();
  });
});

describe('browserNameOf', () => {
  it('names the browser and the system', () => {
    expect(
      browserNameOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Windows');
    expect(
      browserNameOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      browserNameOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox on Linux');
    expect(
      browserNameOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on macOS');
  });

  it('says it does not know rather than guessing', () => {
    expect(browserNameOf(undefined)).toBe('Unknown browser');
    expect(browserNameOf('curl/8.5.0')).toBe('Unknown browser');
  });
});
