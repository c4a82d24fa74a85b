/** chrome.storage.local in memory, for unit tests of the worker's modules. */
import type { ExtensionState, StateKey, StateStore } from '../src/lib/extension-state.ts';

export function memoryStore(initial: Partial<ExtensionState> = {}): StateStore & {
  values: Partial<ExtensionState>;
} {
  const values: Partial<ExtensionState> = { ...initial };
  return {
    values,
    get: async (keys) =>
      Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k]])) as never,
    set: async (next) => void Object.assign(values, next),
    remove: async (keys: readonly StateKey[]) => {
      for (const key of keys) delete values[key];
    },
  };
}
