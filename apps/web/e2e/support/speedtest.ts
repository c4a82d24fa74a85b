/**
 * Runs a speed test from the page as the validator extension does: open a test,
 * run ndt7 download then upload over the browser's own WebSocket, complete it.
 */
import { expect, type Page } from '@playwright/test';

export interface CompletedTest {
  id: string;
  points: number;
  download_mbps: number;
  upload_mbps: number;
}

export async function runSpeedtest(
  page: Page,
  location?: { latitude: number; longitude: number },
): Promise<CompletedTest> {
  const result = await page.evaluate(async (shared) => {
    const token = localStorage.getItem('token');
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(`/v1/api${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      return { status: response.status, body: await response.json() };
    };
    /** One ndt7 direction: resolves with the payload bytes moved when the server closes. */
    const direction = (url: string, upload: boolean) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, 'net.measurementlab.ndt.v7');
        socket.binaryType = 'arraybuffer';
        let bytes = 0;
        const chunk = new Uint8Array(1 << 13);
        crypto.getRandomValues(chunk);
        const pump = () => {
          while (socket.readyState === WebSocket.OPEN && socket.bufferedAmount < 1 << 20) {
            socket.send(chunk);
            bytes += chunk.length;
          }
          if (socket.readyState === WebSocket.OPEN) setTimeout(pump, 10);
        };
        socket.onopen = () => {
          if (upload) pump();
        };
        socket.onmessage = (event) => {
          if (event.data instanceof ArrayBuffer) bytes += event.data.byteLength;
        };
        socket.onerror = () => reject(new Error(`ndt7 ${upload ? 'upload' : 'download'} failed`));
        socket.onclose = () => resolve(bytes);
      });

    const opened = await call('/speedtests');
    if (opened.status !== 200) return { error: opened };
    const session = opened.body.data as { testId: string; downloadUrl: string; uploadUrl: string };
    await direction(session.downloadUrl, false);
    await direction(session.uploadUrl, true);
    const completed = await call('/points', { testId: session.testId, ...shared });
    if (completed.status !== 200) return { error: completed };
    return { test: completed.body.data };
  }, location ?? {});
  expect(result, JSON.stringify(result)).toHaveProperty('test');
  return (result as { test: CompletedTest }).test;
}
