import { EXTENSION_KEYS, type ExtensionMessage, type ExtensionReply } from '@netpulse/shared';
import type { AuthStore } from '@/lib/auth-store';

/** The slice of `chrome.runtime` a web page sees when an extension lists it as externally connectable. */
interface ChromeRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (reply?: unknown) => void): void;
  lastError?: { message?: string };
}

function chromeRuntime(): ChromeRuntime | undefined {
  const runtime = (globalThis as { chrome?: { runtime?: Partial<ChromeRuntime> } }).chrome?.runtime;
  return typeof runtime?.sendMessage === 'function' ? (runtime as ChromeRuntime) : undefined;
}

function isFailedReply(reply: unknown): reply is ExtensionReply & { ok: false } {
  return typeof reply === 'object' && reply !== null && (reply as ExtensionReply).ok === false;
}

/**
 * Sends one message to the validator extension. Resolves true when it was
 * delivered and acknowledged. It never rejects: the extension is optional, so
 * every failure (not installed, `lastError`, a refusal) is only logged.
 */
export function sendToExtension(
  extensionId: string | null,
  message: ExtensionMessage,
): Promise<boolean> {
  const runtime = chromeRuntime();
  // No extension id configured, or no extension exposes chrome.runtime to this page.
  if (!extensionId || !runtime) return Promise.resolve(false);

  return new Promise((resolve) => {
    try {
      runtime.sendMessage(extensionId, message, (reply) => {
        const lastError = runtime.lastError;
        if (lastError) {
          console.error(`Extension message "${message.type}" failed:`, lastError.message);
          resolve(false);
        } else if (isFailedReply(reply)) {
          console.error(`Extension refused "${message.type}":`, reply.error);
          resolve(false);
        } else {
          resolve(true);
        }
      });
    } catch (error) {
      console.error(`Extension message "${message.type}" failed:`, error);
      resolve(false);
    }
  });
}

/** Signs the extension in with the web app's access token (spec section 4). */
export function handTokenToExtension(extensionId: string | null, token: string) {
  return sendToExtension(extensionId, { type: 'store', key: EXTENSION_KEYS.token, value: token });
}

/** Logout: removes the token and the data entry the extension keeps. */
export async function clearExtension(extensionId: string | null): Promise<void> {
  await Promise.all([
    sendToExtension(extensionId, { type: 'remove', key: EXTENSION_KEYS.token }),
    sendToExtension(extensionId, { type: 'remove', key: EXTENSION_KEYS.data }),
  ]);
}

/*
 * Whether the extension holds this tab's sign-in: its last hand-off was acknowledged
 * (docs/decisions/033). The sidebar's Install button turns into "Extension connected"
 * on it, and the install page watches it.
 */
let connected = false;
const connectionListeners = new Set<() => void>();

function setConnected(next: boolean) {
  if (next === connected) return;
  connected = next;
  connectionListeners.forEach((listener) => listener());
}

export function isExtensionConnected(): boolean {
  return connected;
}

export function subscribeExtensionConnection(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

/** Hands `token` over (or nothing, signed out) and records whether the extension took it. */
async function handOver(extensionId: string | null, token: string | null): Promise<void> {
  setConnected(token ? await handTokenToExtension(extensionId, token) : false);
}

let handOverAgain: (() => Promise<void>) | null = null;

/**
 * Hands the current token over once more: an extension installed since the page
 * loaded signs in now, rather than at the next refresh. The install page calls it
 * while it waits.
 */
export function offerTokenToExtension(): Promise<void> {
  return handOverAgain?.() ?? Promise.resolve();
}

/**
 * Keeps the extension signed in as long as a token is stored: hands over the
 * token present at start-up and every new one (login, refresh). Returns the
 * unsubscribe.
 */
export function keepExtensionSignedIn(
  extensionId: string | null,
  tokens: Pick<AuthStore, 'getToken' | 'subscribe'>,
): () => void {
  let lastHandedOver: string | null = null;
  const sync = () => {
    const token = tokens.getToken();
    if (token !== lastHandedOver) void handOver(extensionId, token);
    lastHandedOver = token;
  };
  handOverAgain = () => handOver(extensionId, tokens.getToken());
  sync();
  const unsubscribe = tokens.subscribe(sync);
  return () => {
    unsubscribe();
    handOverAgain = null;
  };
}
