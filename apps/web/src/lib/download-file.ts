/**
 * Saving a file the server sent (the CSV exports): its name from the
 * Content-Disposition header, and the browser's download of a blob. The
 * exports are fetched with the bearer token, so a plain link cannot download them.
 */

/**
 * The file name of a Content-Disposition value: RFC 6266's `filename*`
 * (UTF-8, percent-encoded) when present, else `filename` quoted or bare; null
 * when there is none. Path separators are dropped: a name, never a path.
 */
export function fileNameOfDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"((?:\\.|[^"\\])*)"/.exec(header)?.[1]?.replace(/\\(.)/g, '$1');
  name ??= /filename\s*=\s*([^;\s]+)/.exec(header)?.[1];
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : null;
}

/** Lets the browser save `blob` as `fileName`, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
