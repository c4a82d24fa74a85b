import { describe, expect, it } from 'vitest';
import { webOriginOf } from './web-origin.ts';

const manifestFor = (matches?: string[]) =>
  ({
    manifest_version: 3,
    name: 'Netpulse Validator',
    version: '1.0.0',
    ...(matches ? { externally_connectable: { matches } } : {}),
  }) as chrome.runtime.ManifestV3;

describe('webOriginOf', () => {
  it('is the origin of the one page the manifest lets message the extension', () => {
    expect(webOriginOf(manifestFor(['http://127.0.0.1:8400/*']))).toBe('http://127.0.0.1:8400');
    expect(webOriginOf(manifestFor(['https://app.example.com/*']))).toBe('https://app.example.com');
  });

  it('fails loudly for a manifest that names no page', () => {
    expect(() => webOriginOf(manifestFor())).toThrow(/names no web origin/);
    expect(() => webOriginOf(manifestFor([]))).toThrow(/names no web origin/);
  });
});
