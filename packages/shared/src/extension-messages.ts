/**
 * The messages the web app sends to the validator extension over
 * `chrome.runtime.sendMessage(extensionId, message)` (spec sections 4 and 7):
 * store or remove a key/value entry. The keys are the login token and a data entry.
 */
export const EXTENSION_KEYS = { token: 'token', data: 'data' } as const;
export type ExtensionKey = (typeof EXTENSION_KEYS)[keyof typeof EXTENSION_KEYS];

export type ExtensionMessage =
  { type: 'store'; key: ExtensionKey; value: string } | { type: 'remove'; key: ExtensionKey };

export interface ExtensionReply {
  ok: boolean;
  error?: string;
}
