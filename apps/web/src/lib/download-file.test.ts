// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameOfDisposition, saveFile } from './download-file';

describe('fileNameOfDisposition', () => {
  it('reads the quoted name the exports send', () => {
    expect(
      fileNameOfDisposition('attachment; filename="Netpulse-transactions-all-to-2026-11-24.csv"'),
    ).toBe('Netpulse-transactions-all-to-2026-11-24.csv');
  });

  it('reads a bare name, escaped quotes, and prefers the UTF-8 name of RFC 6266', () => {
    expect(fileNameOfDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameOfDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
    expect(
      fileNameOfDisposition(
        `attachment; filename="fallback.csv"; filename*=UTF-8''Bytes%20%E2%9C%93.csv`,
      ),
    ).toBe('Bytes ✓.csv');
  });

  it('answers null without a name, and never a path', () => {
    expect(fileNameOfDisposition(null)).toBeNull();
    expect(fileNameOfDisposition('attachment')).toBeNull();
    expect(fileNameOfDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameOfDisposition('attachment; filename="../../etc/passwd"')).toBe(
      '.._.._etc_passwd',
    );
  });
});

describe('saveFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a download link for the blob, then removes it and releases the URL', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const blob = new Blob(['a,b\r\n'], { type: 'text/csv' });
    saveFile(blob, 'export.csv');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:export', download: 'export.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:export');
  });
});
