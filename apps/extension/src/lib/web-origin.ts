/**
 * The dashboard's origin, read from the extension's own manifest: the one page
 * `externally_connectable` lets hand it a token, which is also the API's origin
 * (the server serves both). The build writes the default there, and the server
 * that offers the download writes its own PUBLIC_URL, so one zip suits any server.
 */
export function webOriginOf(manifest: chrome.runtime.Manifest): string {
  const [pattern] = (manifest as chrome.runtime.ManifestV3).externally_connectable?.matches ?? [];
  if (!pattern) throw new Error('The extension manifest names no web origin');
  // A match pattern such as http://127.0.0.1:8400/* parses as a URL whose origin is the page's.
  return new URL(pattern).origin;
}
