/**
 * The extension's build-time settings, read from environment variables by
 * vite.config.ts. The web origin goes into the manifest only: it limits which
 * page may hand the extension a token (`externally_connectable`), and the
 * extension reads it back from there as the API it talks to. The server that
 * offers the zip writes its own PUBLIC_URL in its place (decision 012), so the
 * setting matters only for loading `dist/unpacked` as it is.
 */
import { isAbsolute, join, resolve } from 'node:path';

export const DEFAULT_WEB_ORIGIN = 'http://127.0.0.1:8080';

export interface BuildSettings {
  /** The dashboard's origin, e.g. https://app.example.com (no path). */
  webOrigin: string;
  /** Pin the committed development key (fixed id); a store build leaves it out. */
  pinDevKey: boolean;
  /** The unpacked extension, ready for "Load unpacked". */
  unpackedDir: string;
  /** The zip of the unpacked extension, which the server offers for download. */
  zipPath: string;
}

export class BuildSettingsError extends Error {}

/** A web origin setting: http(s), no path, query or credentials; returned without a trailing slash. */
export function parseWebOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BuildSettingsError(
      `EXTENSION_WEB_ORIGIN must be a URL such as ${DEFAULT_WEB_ORIGIN}`,
    );
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!/^https?:$/.test(url.protocol) || !bare) {
    throw new BuildSettingsError(
      `EXTENSION_WEB_ORIGIN must be an http(s) origin without a path, such as ${DEFAULT_WEB_ORIGIN}`,
    );
  }
  return url.origin;
}

/**
 * EXTENSION_WEB_ORIGIN (default http://127.0.0.1:8080, where `npm start` serves),
 * EXTENSION_OUT_DIR (default `dist`: `unpacked/` and `extension.zip` inside),
 * EXTENSION_STORE_BUILD=true to leave the development key out.
 */
export function parseBuildSettings(
  env: Record<string, string | undefined>,
  packageDir: string,
): BuildSettings {
  const outDir = env.EXTENSION_OUT_DIR?.trim() || 'dist';
  const absoluteOut = isAbsolute(outDir) ? outDir : resolve(packageDir, outDir);
  return {
    webOrigin: parseWebOrigin(env.EXTENSION_WEB_ORIGIN?.trim() || DEFAULT_WEB_ORIGIN),
    pinDevKey: env.EXTENSION_STORE_BUILD?.trim() !== 'true',
    unpackedDir: join(absoluteOut, 'unpacked'),
    zipPath: join(absoluteOut, 'extension.zip'),
  };
}
