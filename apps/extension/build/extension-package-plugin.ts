import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { ICON_SIZES, iconFileName } from './icons.ts';
import { extensionIdOf } from './extension-id.ts';
import { manifestLocales } from './locales.ts';
import { buildManifest, type ManifestInput } from './manifest.ts';
import type { BuildSettings } from './build-settings.ts';
import { zipDirectory } from './zip-directory.ts';

/**
 * Adds manifest.json, its texts in every language (_locales) and the icons to the build and, once the files are written,
 * zips the unpacked extension for the server's download.
 */
export function extensionPackage(
  settings: BuildSettings,
  manifest: Omit<ManifestInput, 'webOrigin'>,
  packageDir: string,
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
      for (const [folder, messages] of Object.entries(manifestLocales(manifest.productName))) {
        this.emitFile({
          type: 'asset',
          fileName: `_locales/${folder}/messages.json`,
          source: `${JSON.stringify(messages, null, 2)}\n`,
        });
      }
      for (const size of ICON_SIZES) {
        const fileName = iconFileName(size);
        this.emitFile({
          type: 'asset',
          fileName,
          source: readFileSync(`${packageDir}${fileName}`),
        });
      }
    },
    closeBundle() {
      zipDirectory(settings.unpackedDir, settings.zipPath);
      const id = manifest.publicKey ? extensionIdOf(manifest.publicKey) : 'assigned by the store';
      this.info(`extension for ${settings.webOrigin}, id ${id}: ${settings.zipPath}`);
    },
  };
}
