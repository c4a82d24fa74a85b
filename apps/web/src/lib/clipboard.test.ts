import { describe, expect, it, vi } from 'vitest';
import { copyFailureReason, copyText, type ClipboardEnvironment } from './clipboard';

function fakeDocument(copies: boolean) {
  const textarea = {
    value: '',
    style: {} as Record<string, string>,
    setAttribute: vi.fn(),
    select: vi.fn(),
    remove: vi.fn(),
  };
  const doc = {
    activeElement: null,
    body: { appendChild: vi.fn() },
    createElement: vi.fn(() => textarea),
    execCommand: vi.fn(() => copies),
  };
  return { doc: doc as unknown as ClipboardEnvironment['document'], textarea, raw: doc };
}

describe('copyText', () => {
  it('uses the async clipboard when it works', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { doc, raw } = fakeDocument(true);
    await copyText('https://x.test/r', { clipboard: { writeText }, document: doc });
    expect(writeText).toHaveBeenCalledWith('https://x.test/r');
    expect(raw.execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a hidden textarea when the clipboard refuses', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('Document is not focused.')));
    const { doc, raw, textarea } = fakeDocument(true);
    await copyText('abc', { clipboard: { writeText }, document: doc });
    expect(raw.execCommand).toHaveBeenCalledWith('copy');
    expect(textarea.value).toBe('abc');
    expect(textarea.remove).toHaveBeenCalled();
  });

  it('falls back when there is no async clipboard (plain http)', async () => {
    const { doc, raw } = fakeDocument(true);
    await copyText('abc', { clipboard: undefined, document: doc });
    expect(raw.execCommand).toHaveBeenCalledWith('copy');
  });

  it('rejects with the clipboard reason when both ways fail', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('Write permission denied.')));
    const { doc, textarea } = fakeDocument(false);
    await expect(copyText('abc', { clipboard: { writeText }, document: doc })).rejects.toThrow(
      'Write permission denied.',
    );
    expect(textarea.remove).toHaveBeenCalled();
  });

  it('rejects when only the fallback exists and it fails', async () => {
    const { doc } = fakeDocument(false);
    await expect(copyText('abc', { document: doc })).rejects.toThrow('the browser refused to copy');
  });
});

describe('copyFailureReason', () => {
  it('reads the error message', () => {
    expect(copyFailureReason(new Error('denied'))).toBe('denied');
    expect(copyFailureReason('nope')).toBe('nope');
    expect(copyFailureReason(undefined)).toBe('unknown error');
  });
});
