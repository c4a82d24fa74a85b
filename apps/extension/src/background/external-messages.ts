/**
 * The web app's side door (spec sections 4 and 7): the dashboard hands over or
 * removes its token, and stores or removes its data entry. A handed-over token
 * only registers the node (node-registration.ts), which then calls with its own
 * session; removing the token is the dashboard's logout and signs the extension
 * out (the node id stays with the installation). Every message is checked
 * against the shared protocol and must come from the web origin the extension
 * was built for, even though the manifest already admits no other page.
 */
import {
  EXTENSION_KEYS,
  parseExtensionMessage,
  type ExtensionMessage,
  type ExtensionReply,
} from '@netpulse/shared';
import { SESSION_STATE_KEYS, type StateStore } from '../lib/extension-state.ts';

export interface ExternalMessageDeps {
  webOrigin: string;
  store: StateStore;
  /** The dashboard handed over its token: register the node unless it has a session. */
  onDashboardToken: (token: string) => Promise<void>;
  /** The token was removed: stop everything until the next sign-in. */
  onSignedOut: () => Promise<void>;
}

async function apply(message: ExtensionMessage, deps: ExternalMessageDeps): Promise<void> {
  if (message.type === 'store') {
    if (message.key === EXTENSION_KEYS.token) await deps.onDashboardToken(message.value);
    else await deps.store.set({ [message.key]: message.value });
    return;
  }
  if (message.key === EXTENSION_KEYS.token) {
    // Signing out removes everything that belongs to the user (the node's session with it).
    await deps.store.remove(SESSION_STATE_KEYS);
    await deps.onSignedOut();
  } else {
    await deps.store.remove([message.key]);
  }
}

/** Handles one external message; the reply is what the web app's sendMessage callback gets. */
export async function handleExternalMessage(
  raw: unknown,
  senderOrigin: string | undefined,
  deps: ExternalMessageDeps,
): Promise<ExtensionReply> {
  if (senderOrigin !== deps.webOrigin) {
    return { ok: false, error: `Messages are accepted from ${deps.webOrigin} only` };
  }
  const parsed = parseExtensionMessage(raw);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  try {
    await apply(parsed.message, deps);
    return { ok: true };
  } catch (error) {
    console.error('Could not apply a message of the web app:', error);
    return { ok: false, error: 'The extension could not store this' };
  }
}
