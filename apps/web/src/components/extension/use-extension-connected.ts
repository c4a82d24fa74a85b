import { useSyncExternalStore } from 'react';
import { isExtensionConnected, subscribeExtensionConnection } from './extension-bridge';

/** A prerendered page is drawn for no extension; the browser's render then reads the truth. */
const notConnectedOnTheServer = () => false;

/** Whether the validator extension holds this tab's sign-in (docs/decisions/033). */
export function useExtensionConnected(): boolean {
  return useSyncExternalStore(
    subscribeExtensionConnection,
    isExtensionConnected,
    notConnectedOnTheServer,
  );
}
