/** Calls of the nodes API as the dashboard and an extension node make them. */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { NodeKind } from '@netpulse/shared';
import { API, call } from './points.ts';
import type { TestApp } from './test-app.ts';

/** An extension node as it holds itself after registering: its id and its own session. */
export interface SignedInNode {
  nodeId: string;
  accessToken: string;
  refreshToken: string;
}

/** POST /nodes with the person's (web) session. */
export function registerNode(
  t: TestApp,
  person: { accessToken: string },
  node: { nodeId?: string; kind?: NodeKind; name?: string; version?: string } = {},
): Promise<LightMyRequestResponse> {
  return call(t, person, 'POST', '/nodes', {
    payload: {
      nodeId: node.nodeId ?? randomUUID(),
      kind: node.kind ?? 'extension',
      name: node.name ?? 'Chrome on Linux',
      ...(node.version !== undefined ? { version: node.version } : {}),
    },
  });
}

/** Registers an extension node and answers the session it was given. */
export async function signedInNode(
  t: TestApp,
  person: { accessToken: string },
  node: { nodeId?: string; name?: string; version?: string } = {},
): Promise<SignedInNode> {
  const nodeId = node.nodeId ?? randomUUID();
  const response = await registerNode(t, person, { ...node, nodeId, kind: 'extension' });
  expect(response.statusCode, response.body).toBe(200);
  const { session } = response.json().data;
  return { nodeId, accessToken: session.accessToken, refreshToken: session.refreshToken };
}

/** Registers a browser node and answers its id. */
export async function browserNode(
  t: TestApp,
  person: { accessToken: string },
  name = 'Firefox on Windows',
): Promise<string> {
  const nodeId = randomUUID();
  const response = await registerNode(t, person, { nodeId, kind: 'browser', name });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().data.session).toBeNull();
  return nodeId;
}

export function heartbeat(
  t: TestApp,
  session: { accessToken: string },
  beat: { version?: string; nextTestAt: string | null } = { nextTestAt: null },
): Promise<LightMyRequestResponse> {
  return call(t, session, 'POST', '/nodes/heartbeat', { payload: beat });
}

/** POST /nodes/refresh-token (public): the node's refresh token in the body. */
export function refreshNode(
  t: TestApp,
  node: { nodeId: string; refreshToken: string },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `${API}/nodes/refresh-token`,
    payload: { nodeId: node.nodeId, refreshToken: node.refreshToken },
  });
}

export function nodeList(t: TestApp, person: { accessToken: string }) {
  return call(t, person, 'GET', '/nodes');
}

export function removeNode(t: TestApp, person: { accessToken: string }, nodeId: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `${API}/nodes/${nodeId}`,
    headers: { authorization: `Bearer ${person.accessToken}` },
  });
}

export function renameNode(
  t: TestApp,
  person: { accessToken: string },
  nodeId: string,
  payload: object,
) {
  return t.app.inject({
    method: 'PATCH',
    url: `${API}/nodes/${nodeId}`,
    headers: { authorization: `Bearer ${person.accessToken}` },
    payload,
  });
}
