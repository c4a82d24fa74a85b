import type { NetworkNode, RegisteredNode, RegisterNodeRequest } from '@netpulse/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  BROWSER_NODE_STORAGE_KEY,
  browserNodeName,
  ensureBrowserNode,
  type BrowserNodeDeps,
} from './browser-node';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIRST_ID = '11111111-1111-4111-8111-111111111111';
const SECOND_ID = '22222222-2222-4222-8222-222222222222';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const asNode = ({ nodeId, kind, name }: RegisterNodeRequest): NetworkNode => ({
  id: nodeId,
  kind,
  name,
  version: null,
  online: true,
  last_seen_at: null,
  created_at: '2026-11-22T10:00:00.000Z',
  tests_today: 0,
  daily_limit: 4,
  next_test_at: null,
  last_result: null,
  cycle_points: 0,
});

/** A server that registers what it is sent, or refuses ids in `refused`. */
function setup(refused: Record<string, number> = {}) {
  const ids = [FIRST_ID, SECOND_ID];
  const register = vi.fn(async (body: RegisterNodeRequest): Promise<RegisteredNode> => {
    const status = refused[body.nodeId];
    if (status) throw new ApiError(status, { success: false, message: 'refused' });
    return { node: asNode(body), session: null };
  });
  const deps: BrowserNodeDeps = {
    storage: memoryStorage(),
    userAgent: CHROME_LINUX,
    randomId: () => ids.shift() ?? 'no-more-ids',
    register,
  };
  return { deps, register };
}

describe('browserNodeName', () => {
  it('names the page node after the browser and OS', () => {
    expect(browserNodeName(CHROME_LINUX)).toBe('Chrome on Linux (web)');
    expect(
      browserNodeName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows (web)');
    expect(
      browserNodeName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0',
      ),
    ).toBe('Firefox on macOS (web)');
    expect(browserNodeName('')).toBe('Browser on an unknown system (web)');
  });
});

describe('ensureBrowserNode', () => {
  it('registers the page as a browser node once, then keeps using the stored id', async () => {
    const { deps, register } = setup();
    const first = await ensureBrowserNode([], deps);
    expect(first).toBe(FIRST_ID);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith({
      nodeId: FIRST_ID,
      kind: 'browser',
      name: 'Chrome on Linux (web)',
    });
    expect(deps.storage?.getItem(BROWSER_NODE_STORAGE_KEY)).toBe(FIRST_ID);

    // The list now holds the node: later tests register nothing.
    const nodes = [asNode({ nodeId: FIRST_ID, kind: 'browser', name: 'Renamed' })];
    expect(await ensureBrowserNode(nodes, deps)).toBe(FIRST_ID);
    expect(await ensureBrowserNode(nodes, deps)).toBe(FIRST_ID);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it("takes up the account's node of this browser after logout emptied the storage", async () => {
    const { deps, register } = setup();
    const nodes = [asNode({ nodeId: SECOND_ID, kind: 'browser', name: 'Chrome on Linux (web)' })];
    expect(await ensureBrowserNode(nodes, deps)).toBe(SECOND_ID);
    expect(register).not.toHaveBeenCalled();
    expect(deps.storage?.getItem(BROWSER_NODE_STORAGE_KEY)).toBe(SECOND_ID);
  });

  it('registers the stored id again when the list lacks it, and a new one if it is refused', async () => {
    const { deps, register } = setup({ [FIRST_ID]: 409 });
    deps.storage?.setItem(BROWSER_NODE_STORAGE_KEY, FIRST_ID);
    // FIRST_ID was removed from the account: the server refuses it, so a new id is registered.
    deps.randomId = () => SECOND_ID;
    expect(await ensureBrowserNode([], deps)).toBe(SECOND_ID);
    expect(register.mock.calls.map(([body]) => body.nodeId)).toEqual([FIRST_ID, SECOND_ID]);
    expect(deps.storage?.getItem(BROWSER_NODE_STORAGE_KEY)).toBe(SECOND_ID);
  });

  it('keeps nothing when registration fails for another reason', async () => {
    const { deps, register } = setup();
    register.mockRejectedValueOnce(new ApiError(400, { success: false, message: 'bad' }));
    await expect(ensureBrowserNode([], deps)).rejects.toThrow('bad');
    expect(deps.storage?.getItem(BROWSER_NODE_STORAGE_KEY)).toBeNull();
  });
});
