/**
 * "The page's reads have settled", for a signed-in page. Playwright's `networkidle` waits
 * for 500 ms without a request in flight, and a signed-in page never has that: the header's
 * bell keeps the notices' live stream (`/v1/api/notifications/stream`) open as long as the
 * page is shown. This waits the same way but leaves that stream out.
 *
 * Requests are counted from `watchRequests(page)` on, so call it before the navigation
 * whose reads are to settle (`openScreen` does); it is idempotent per page.
 */
import type { Page, Request } from '@playwright/test';

/** The stream a signed-in page holds open for as long as it is shown. */
export const LIVE_STREAM_URL = /\/v1\/api\/notifications\/stream(\?|$)/;
const QUIET_MS = 500;
const TIMEOUT_MS = 30_000;

interface RequestWatch {
  inFlight: Set<Request>;
  /** When the last counted request started or ended. */
  lastChange: number;
}

const watches = new WeakMap<Page, RequestWatch>();

/** Starts counting the page's requests in flight (the live stream aside). */
export function watchRequests(page: Page): void {
  if (watches.has(page)) return;
  const watch: RequestWatch = { inFlight: new Set(), lastChange: Date.now() };
  const ended = (request: Request) => {
    if (watch.inFlight.delete(request)) watch.lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (LIVE_STREAM_URL.test(request.url())) return;
    watch.inFlight.add(request);
    watch.lastChange = Date.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  watches.set(page, watch);
}

/**
 * Waits for the page's load event, then for 500 ms in which no request but the live
 * stream was in flight (the `networkidle` of a signed-in page).
 */
export async function waitForQuietNetwork(page: Page): Promise<void> {
  const watch = watches.get(page);
  if (!watch) throw new Error('watchRequests(page) must be called before the navigation');
  await page.waitForLoadState('load');
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const quietFor = Date.now() - watch.lastChange;
    if (watch.inFlight.size === 0 && quietFor >= QUIET_MS) return;
    if (Date.now() > deadline) {
      const pending = [...watch.inFlight].map((request) => request.url()).join(', ');
      throw new Error(`the page's requests did not settle in ${TIMEOUT_MS} ms: ${pending}`);
    }
    await page.waitForTimeout(watch.inFlight.size === 0 ? QUIET_MS - quietFor : 50);
  }
}
