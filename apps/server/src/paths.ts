/**
 * The folders the server reads at run time, found from apps/server itself. This
 * module sits one level below apps/server both as a source (src/paths.ts) and
 * inside the compiled bundle (dist/server.js), so the same URL works for both.
 */
import { fileURLToPath } from 'node:url';

const SERVER_ROOT = new URL('../', import.meta.url);

/** The generated SQL migrations (apps/server/drizzle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('drizzle', SERVER_ROOT));

/** The built web app (apps/web/dist). */
export const WEB_DIST = fileURLToPath(new URL('../web/dist', SERVER_ROOT));

/** Where apps/extension's build writes the zip of the unpacked extension. */
export const EXTENSION_ZIP = fileURLToPath(new URL('../extension/dist/extension.zip', SERVER_ROOT));

/** The extension's committed development key, which fixes the id of the build the server offers. */
export const EXTENSION_DEV_KEY = fileURLToPath(new URL('../extension/dev-key.json', SERVER_ROOT));
