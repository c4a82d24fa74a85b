import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chosenEncoding, COMPRESS_FROM_BYTES, CompressibleBody } from './compressed-body.ts';

describe('chosenEncoding', () => {
  it('takes Brotli, else gzip, when a client names it, or any coding, with a weight above zero', () => {
    expect(chosenEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chosenEncoding('br;q=1.0, GZIP;q=0.5')).toBe('br');
    expect(chosenEncoding('gzip, deflate')).toBe('gzip');
    expect(chosenEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chosenEncoding('x-gzip')).toBe('gzip');
    expect(chosenEncoding('*')).toBe('br');
    expect(chosenEncoding('br;q=0, *')).toBe('gzip');
  });

  it('sends the body as it is when a client names neither, weighs them zero, or sends nothing', () => {
    expect(chosenEncoding(undefined)).toBeNull();
    expect(chosenEncoding('')).toBeNull();
    expect(chosenEncoding('identity')).toBeNull();
    expect(chosenEncoding('deflate, zstd')).toBeNull();
    expect(chosenEncoding('gzip;q=0')).toBeNull();
    expect(chosenEncoding('gzip;q=0, br;q=0, *;q=1')).toBeNull();
    expect(chosenEncoding('*;q=0')).toBeNull();
  });
});

describe('CompressibleBody', () => {
  const text = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ cell: i })) });

  it('sends each copy that decompresses to the body, made once and then shared', async () => {
    const body = new CompressibleBody(Buffer.from(text), 'quick');
    const brotli = await body.bytesFor('br');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(text);
    expect((await body.bytesFor('br')).bytes).toBe(brotli.bytes);
    const gzip = await body.bytesFor('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(text);
    expect(await body.bytesFor(null)).toEqual({ bytes: body.plain, encoding: null });
  });

  it('sends a small body as it is, whatever the client takes', async () => {
    const small = Buffer.from('x'.repeat(COMPRESS_FROM_BYTES - 1));
    expect(await new CompressibleBody(small, 'smallest').bytesFor('br')).toEqual({
      bytes: small,
      encoding: null,
    });
  });
});
