/** The Manifest V3 description of the extension, made at build time from the settings. */
import { manifestIcons } from './icons.ts';
import { manifestMessage } from './locales.ts';

export interface ManifestInput {
  productName: string;
  version: string;
  webOrigin: string;
  /** The base64 DER public key that fixes the id, or null for a store build. */
  publicKey: string | null;
}

/** Names of the files the build emits that the manifest points at. */
export const ENTRY_FILES = {
  background: 'background.js',
  popup: 'popup.html',
} as const;

/**
 * The manifest. Only the configured web origin may message the extension
 * (`externally_connectable`) and only it gets host access, which lets the
 * background's fetch call the API there (the same origin serves both).
 */
export function buildManifest(input: ManifestInput): chrome.runtime.ManifestV3 {
  const originPattern = `${input.webOrigin}/*`;
  return {
    manifest_version: 3,
    // The name and description in the browser's language, from _locales (build/locales.ts).
    name: manifestMessage('name'),
    short_name: input.productName,
    version: input.version,
    description: manifestMessage('description'),
    default_locale: 'en',
    ...(input.publicKey ? { key: input.publicKey } : {}),
    minimum_chrome_version: '116',
    background: { service_worker: ENTRY_FILES.background, type: 'module' },
    // The extensions page, the store and the toolbar each take the size they need.
    icons: manifestIcons(),
    action: {
      default_popup: ENTRY_FILES.popup,
      default_title: manifestMessage('name'),
      default_icon: manifestIcons(),
    },
    // storage: the node's id, session and state; alarms: the day's test times; offscreen + geolocation:
    // the location for the Location boost, asked only when the user allowed it in the popup;
    // notifications: the node's own notices (gone quiet, back) and the claim reminder.
    permissions: ['storage', 'alarms', 'offscreen', 'geolocation', 'notifications'],
    host_permissions: [originPattern],
    externally_connectable: { matches: [originPattern] },
  };
}
