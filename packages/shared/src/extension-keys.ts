/**
 * The messages the web app sends to the validator extension over
 * `chrome.runtime.sendMessage(extensionId, message)` (spec sections 4 and 7):
 * store or remove a key/value entry. The keys are the login token and a data entry.
 * Kept apart from the zod schema of extension-messages.ts so the web app's entry
 * can name the keys without carrying zod.
 */
export const EXTENSION_KEYS = { token: 'token', data: 'data' } as const;
export type ExtensionKey = (typeof EXTENSION_KEYS)[keyof typeof EXTENSION_KEYS];

/** The longest value the extension keeps: an access token is far shorter; this bounds storage. */
export const EXTENSION_VALUE_MAX = 8192;
