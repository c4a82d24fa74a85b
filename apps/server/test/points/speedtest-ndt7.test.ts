/**
 * The ndt7 endpoints, run by a real ndt7 client over WebSockets against the app
 * listening on a port: both directions measured by the server, the admission
 * rules (subprotocol, one-time tickets), and clients that break the protocol.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  completedSpeedtestSchema,
  dataEnvelope,
  NDT7_SUBPROTOCOL,
  POINTS_MESSAGES,
} from '@netpulse/shared';
import { speedtests } from '../../src/db/tables/speedtests-tables.ts';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import {
  ndt7Download,
  ndt7Upload,
  sendOnceAndWaitForClose,
  upgradeStatus,
  type Ndt7ClientRun,
} from '../helpers/ndt7-client.ts';
import { call, completeSpeedtest, openSpeedtest, SOMEWHERE } from '../helpers/points.ts';
import { useTestApp } from '../helpers/test-app.ts';

const DURATION_MS = 1_500;
const t = useTestApp({ ndt7DurationMs: DURATION_MS });

/** The app on a free port; the URLs it hands out name PUBLIC_URL, so they are pointed there. */
async function listening(): Promise<(url: string) => string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return (url) => url.replace('ws://localhost:8080', `ws://127.0.0.1:${port}`);
}

async function openedSession(person: SignedIn) {
  const opened = await openSpeedtest(t, person);
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().data as {
    testId: string;
    downloadUrl: string;
    uploadUrl: string;
    expiresAt: string;
  };
}

async function storedTest(testId: string) {
  const [row] = await t.database.db.select().from(speedtests).where(eq(speedtests.id, testId));
  if (!row) throw new Error(`no test ${testId}`);
  return row;
}

/** Every Measurement is exactly the ndt7 shape, from the server, about `test`, counting up. */
function expectMeasurements(run: Ndt7ClientRun, test: 'download' | 'upload') {
  // One every 250 ms over the run, give or take the first and the last.
  expect(run.measurements.length).toBeGreaterThanOrEqual(DURATION_MS / 250 - 1);
  for (const measurement of run.measurements) {
    expect(measurement).toEqual({
      AppInfo: { ElapsedTime: expect.any(Number), NumBytes: expect.any(Number) },
      Origin: 'server',
      Test: test,
    });
  }
  const elapsed = run.measurements.map((m) => m.AppInfo.ElapsedTime);
  const bytes = run.measurements.map((m) => m.AppInfo.NumBytes);
  expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
  expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
  const last = run.measurements.at(-1)!;
  expect(last.AppInfo.NumBytes).toBeGreaterThan(0);
  expect(last.AppInfo.ElapsedTime).toBeGreaterThanOrEqual((DURATION_MS - 50) * 1000);
  expect(last.AppInfo.ElapsedTime).toBeLessThan((DURATION_MS + 1_000) * 1000);
  return last;
}

describe('a real ndt7 run', () => {
  it('measures download then upload on the server, and completing credits 200 Bytes', async () => {
    const local = await listening();
    const person = await signedInPerson(t);
    const session = await openedSession(person);
    expect(session.downloadUrl).toMatch(/^ws:\/\/localhost:8080\/ndt\/v7\/download\?ticket=/);
    expect(session.uploadUrl).toMatch(/^ws:\/\/localhost:8080\/ndt\/v7\/upload\?ticket=/);

    const download = await ndt7Download(local(session.downloadUrl));
    expect(download.protocol).toBe(NDT7_SUBPROTOCOL);
    expect(download.closeCode).toBe(1000);
    const lastDownload = expectMeasurements(download, 'download');
    // The client got at least what the server counted (a last message may be in flight).
    expect(download.payloadBytes).toBeGreaterThanOrEqual(lastDownload.AppInfo.NumBytes);

    const upload = await ndt7Upload(local(session.uploadUrl));
    expect(upload.protocol).toBe(NDT7_SUBPROTOCOL);
    expect(upload.closeCode).toBe(1000);
    const lastUpload = expectMeasurements(upload, 'upload');
    // The server counts what arrived: never more than the client handed to its socket.
    expect(lastUpload.AppInfo.NumBytes).toBeLessThanOrEqual(upload.payloadBytes);

    // What is stored is what the server measured and reported last.
    const stored = await storedTest(session.testId);
    expect(stored).toMatchObject({
      downloadBytes: lastDownload.AppInfo.NumBytes,
      uploadBytes: lastUpload.AppInfo.NumBytes,
    });
    expect(stored.downloadElapsedUs).toBeGreaterThanOrEqual((DURATION_MS - 50) * 1000);

    const completed = await completeSpeedtest(t, person, { testId: session.testId, ...SOMEWHERE });
    expect(completed.statusCode, completed.body).toBe(200);
    const body = dataEnvelope(completedSpeedtestSchema.strict()).strict().parse(completed.json());
    expect(body).toMatchObject({
      success: true,
      message: POINTS_MESSAGES.speedtestCredited,
      data: {
        id: session.testId,
        points: 200,
        is_ip_slashing: false,
        is_location_slashing: false,
        ip_address: '127.0.0.1',
        additional_boost: null,
      },
    });
    const expectedMbps = (bytes: number, us: number) => Math.round(((bytes * 8) / us) * 100) / 100;
    expect(body.data.download_mbps).toBe(
      expectedMbps(stored.downloadBytes ?? 0, stored.downloadElapsedUs ?? 1),
    );
    expect(body.data.upload_mbps).toBeGreaterThan(0);
    // The latency is the least round trip of the pings the server sent all through
    // both directions (one at once, then every 250 ms), not a single ping.
    expect(download.pings).toBeGreaterThanOrEqual(DURATION_MS / 250 - 1);
    expect(upload.pings).toBeGreaterThanOrEqual(DURATION_MS / 250 - 1);
    expect(stored.latencyMs).toBeGreaterThan(0);
    expect(body.data.latency_ms).toBe(stored.latencyMs);

    const table = await call(t, person, 'GET', '/points?pageNumber=1&pageSize=5');
    expect(table.json().data).toEqual([
      {
        id: session.testId,
        created_at: t.clock.now().toISOString(),
        is_ip_slashing: false,
        is_location_slashing: false,
        ip_address: '127.0.0.1',
        points: 200,
        additional_boost: null,
        download_mbps: body.data.download_mbps,
        upload_mbps: body.data.upload_mbps,
        latency_ms: stored.latencyMs,
        node_name: null,
      },
    ]);
  });
});

describe('admission to the ndt7 endpoints', () => {
  it('refuses an upgrade without the ndt7 subprotocol with 400, and a plain GET too', async () => {
    const local = await listening();
    const session = await openedSession(await signedInPerson(t));
    expect(await upgradeStatus(local(session.downloadUrl))).toBe(400);
    expect(await upgradeStatus(local(session.downloadUrl), 'chat')).toBe(400);
    const plain = await t.app.inject({
      method: 'GET',
      url: session.downloadUrl.replace('ws://localhost:8080', ''),
    });
    expect(plain.statusCode).toBe(400);
    // None of these used the ticket up.
    expect(await upgradeStatus(local(session.downloadUrl), NDT7_SUBPROTOCOL)).toBe(101);
  });

  it('takes a ticket once, for its own direction, before it expires, and only genuine ones', async () => {
    const local = await listening();
    const person = await signedInPerson(t);
    const session = await openedSession(person);
    const download = local(session.downloadUrl);
    const upload = local(session.uploadUrl);

    expect(await upgradeStatus(download.replace('/download?', '/upload?'), NDT7_SUBPROTOCOL)).toBe(
      403,
    );
    const forged = download.slice(0, -1) + (download.endsWith('A') ? 'B' : 'A');
    expect(await upgradeStatus(forged, NDT7_SUBPROTOCOL)).toBe(403);
    expect(await upgradeStatus(download, NDT7_SUBPROTOCOL)).toBe(101);
    expect(await upgradeStatus(download, NDT7_SUBPROTOCOL)).toBe(403);

    t.clock.advance(2 * 60_000);
    expect(await upgradeStatus(upload, NDT7_SUBPROTOCOL)).toBe(403);
  });
});

describe('clients that break the protocol', () => {
  it('closes a download on a binary message from the client and records nothing', async () => {
    const local = await listening();
    const person = await signedInPerson(t);
    const session = await openedSession(person);
    await sendOnceAndWaitForClose(local(session.downloadUrl), Buffer.alloc(1024));
    // Completion waits for the test's runs to end, so what is stored then is final.
    const completed = await completeSpeedtest(t, person, { testId: session.testId });
    expect(completed.json().message).toBe(POINTS_MESSAGES.speedtestNotMeasured);
    expect((await storedTest(session.testId)).downloadDoneAt).toBeNull();
  });

  it('closes an upload whose message is over 16 MiB (1009) and records nothing', async () => {
    const local = await listening();
    const person = await signedInPerson(t);
    const session = await openedSession(person);
    const code = await sendOnceAndWaitForClose(
      local(session.uploadUrl),
      Buffer.alloc((1 << 24) + 1),
    );
    expect([1006, 1009]).toContain(code);
    const completed = await completeSpeedtest(t, person, { testId: session.testId });
    expect(completed.statusCode).toBe(409);
    expect(completed.json().message).toBe(POINTS_MESSAGES.speedtestNotMeasured);
    expect((await storedTest(session.testId)).uploadDoneAt).toBeNull();
  });
});
