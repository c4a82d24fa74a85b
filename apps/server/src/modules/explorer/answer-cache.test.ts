import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './answer-cache.ts';

describe('acceptsGzip', () => {
  it('takes gzip when a client names it, or any coding, with a weight above zero', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
  });

  it('refuses gzip when a client does not name it, names it at weight zero, or sends nothing', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *;q=1')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
  });
});
