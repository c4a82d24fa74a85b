/**
 * The validator extension as this server offers it: the build's zip with the
 * manifest's web origin replaced by this server's. The extension reads that
 * origin back from its manifest as the only page that may hand it a token and
 * as the API it calls, so the one build suits a server at any address or port
 * (decision 012). The key, so the extension's id, stays the build's.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

interface OriginFields {
  host_permissions?: string[];
  externally_connectable?: { matches?: string[] };
}

/** A fixed date keeps the zip the same for the same files, as the build's does. */
const ZIP_DATE = new Date('2026-01-01T00:00:00Z');
const MANIFEST = 'manifest.json';

/** `https://app.example.com` as the match pattern of its pages. */
const pagesOf = (origin: string) => `${origin}/*`;

/**
 * The manifest for `webOrigin`: the page the build admitted (`externally_connectable`)
 * becomes `webOrigin`'s, in the host permissions too, where it lets the extension's
 * fetches carry that origin's refresh cookie. Everything else stays.
 */
export function manifestForOrigin<Manifest extends OriginFields>(
  manifest: Manifest,
  webOrigin: string,
): Manifest {
  const built = manifest.externally_connectable?.matches ?? [];
  const served = pagesOf(webOrigin);
  return {
    ...manifest,
    host_permissions: (manifest.host_permissions ?? []).map((pattern) =>
      built.includes(pattern) ? served : pattern,
    ),
    externally_connectable: { ...manifest.externally_connectable, matches: [served] },
  };
}

/** The built zip with its manifest made for `webOrigin`. */
export function extensionZipForOrigin(zip: Uint8Array, webOrigin: string): Uint8Array {
  const files = unzipSync(zip);
  const manifest = files[MANIFEST];
  if (!manifest) throw new Error(`The extension zip has no ${MANIFEST}`);
  const served = manifestForOrigin(JSON.parse(strFromU8(manifest)) as OriginFields, webOrigin);
  files[MANIFEST] = strToU8(`${JSON.stringify(served, null, 2)}\n`);
  return zipSync(files, { level: 9, mtime: ZIP_DATE });
}
