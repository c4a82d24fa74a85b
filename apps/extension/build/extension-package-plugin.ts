import type { Plugin } from 'vite';
import { extensionIdOf } from './extension-id.ts';
import { buildManifest, type ManifestInput } from './manifest.ts';
import type { BuildSettings } from './build-settings.ts';
import { zipDirectory } from './zip-directory.ts';

/**
 * Adds manifest.json to the build and, once the files are written, zips the
 * unpacked extension for the server's download.
 */
export function extensionPackage(
  settings: BuildSettings,
  manifest: Omit<ManifestInput, 'webOrigin'>,
): Plugin {
  return {
    name: 'netpulse-extension-package',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.json',
        source: `${JSON.stringify(buildManifest({ ...manifest, webOrigin: settings.webOrigin }), null, 2)}\n`,
      });
    },
    closeBundle() {
      zipDirectory(settings.unpackedDir, settings.zipPath);
      const id = manifest.publicKey ? extensionIdOf(manifest.publicKey) : 'assigned by the store';
      this.info(`extension for ${settings.webOrigin}, id ${id}: ${settings.zipPath}`);
    },
  };
}
