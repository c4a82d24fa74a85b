/**
 * Plants what the explorer reads, straight into the tables: accounts, their nodes, and
 * completed speed tests at a place (the H3 cell at resolution 8 made with h3-js, as the
 * completion writes it) and a country.
 */
import { randomUUID } from 'node:crypto';
import { cellToChildren, cellToLatLng, cellToParent, latLngToCell } from 'h3-js';
import type { Database } from '../../src/db/client.ts';
import { users } from '../../src/db/tables/auth-tables.ts';
import { nodes } from '../../src/db/tables/nodes-tables.ts';
import { speedtests } from '../../src/db/tables/speedtests-tables.ts';

/** Where tests run: a point and its country. */
export interface Place {
  lat: number;
  lng: number;
  country: string;
}

export const BERLIN: Place = { lat: 52.52, lng: 13.405, country: 'DE' };
export const LUXEMBOURG: Place = { lat: 49.61, lng: 6.13, country: 'LU' };
export const LISBON: Place = { lat: 38.72, lng: -9.14, country: 'PT' };

/** The resolution-8 cell a test at `place` is given. */
export const cellOf = (place: Place) => latLngToCell(place.lat, place.lng, 8);

/**
 * A place near Berlin: in another cell at resolution 6, in the same one at resolution 5 (the
 * center of a sibling of Berlin's resolution-6 cell).
 */
export const NEAR_BERLIN: Place = (() => {
  const berlin6 = cellToParent(cellOf(BERLIN), 6);
  const sibling = cellToChildren(cellToParent(berlin6, 5), 6).find((cell) => cell !== berlin6)!;
  const [lat, lng] = cellToLatLng(sibling);
  return { lat, lng, country: 'DE' };
})();
let planted = 0;

/** `count` accounts, each with a node of its own; answers them. */
export async function plantAccounts(
  db: Database,
  count: number,
): Promise<{ userId: number; nodeId: string; username: string }[]> {
  const accounts = [];
  for (let n = 0; n < count; n++) {
    planted += 1;
    const username = `explorer${planted}${randomUUID().slice(0, 6)}`;
    const [user] = await db
      .insert(users)
      .values({
        email: `${username}@example.test`,
        username,
        passwordHash: 'not-a-password',
        referralCode: username.toUpperCase(),
      })
      .returning({ id: users.id });
    accounts.push({ userId: user!.id, nodeId: await plantNode(db, user!.id), username });
  }
  return accounts;
}

/** A node of `userId`'s; answers its id. */
export async function plantNode(db: Database, userId: number): Promise<string> {
  const id = randomUUID();
  await db.insert(nodes).values({
    id,
    userId,
    kind: 'extension',
    name: `node ${id.slice(0, 4)}`,
    createdAt: new Date('2026-01-01T00:00:00Z'),
  });
  return id;
}

export interface PlantedTest {
  userId: number;
  /** null: a test without a node. */
  nodeId: string | null;
  at: string;
  place: Place;
  downloadMbps?: number;
  uploadMbps?: number;
  latencyMs?: number;
  address?: string;
}

/** Completed tests, measured as given (each direction 10 s). */
export async function plantTests(db: Database, tests: PlantedTest[]): Promise<void> {
  const tenSecondsUs = 10_000_000;
  const bytesAt = (mbps: number) => Math.round((mbps * tenSecondsUs) / 8);
  await db.insert(speedtests).values(
    tests.map((test) => {
      const at = new Date(test.at);
      return {
        userId: test.userId,
        nodeId: test.nodeId,
        ipAddress: test.address ?? '198.51.100.7',
        openedAt: new Date(at.getTime() - 30_000),
        expiresAt: new Date(at.getTime() + 600_000),
        downloadBytes: bytesAt(test.downloadMbps ?? 100),
        downloadElapsedUs: tenSecondsUs,
        uploadBytes: bytesAt(test.uploadMbps ?? 20),
        uploadElapsedUs: tenSecondsUs,
        latencyMs: test.latencyMs ?? 15,
        latitude: test.place.lat,
        longitude: test.place.lng,
        locationCell: cellOf(test.place),
        country: test.place.country,
        completedAt: at,
      };
    }),
  );
}

/** One test of each account's node at `place` on `at`. */
export function oneTestEach(
  accounts: { userId: number; nodeId: string }[],
  place: Place,
  at: string,
): PlantedTest[] {
  return accounts.map((account) => ({ userId: account.userId, nodeId: account.nodeId, at, place }));
}
