/**
 * LCP, CLS and total blocking time of a page load, from the browser's own
 * PerformanceObservers (buffered, so entries before the script ran count too).
 * TBT here is the sum over long tasks of their time beyond 50 ms, from the start
 * of the load until the page went quiet, as Lighthouse counts it.
 */
import type { Page } from 'playwright-core';
import { waitForQuietNetwork, watchRequests } from '@netpulse/web/e2e-quiet-network';

export interface VitalFigures {
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/** Runs in the page before any of its scripts. */
function observeVitals(): void {
  const vitals = { lcp: 0, cls: 0, tbt: 0 };
  (window as unknown as { __benchVitals: typeof vitals }).__benchVitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) vitals.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.tbt += Math.max(0, entry.duration - 50);
  }).observe({ type: 'longtask', buffered: true });
}

export async function installVitalsObserver(page: Page): Promise<void> {
  watchRequests(page);
  await page.addInitScript(observeVitals);
}

export async function readVitals(page: Page): Promise<VitalFigures> {
  // LCP is final once the page is idle; wait for the network and a little more (a signed-in
  // page's live stream of notices stays open: quiet-network.ts).
  await waitForQuietNetwork(page);
  await page.waitForTimeout(1000);
  return page.evaluate(() => {
    const vitals = (
      window as unknown as { __benchVitals: { lcp: number; cls: number; tbt: number } }
    ).__benchVitals;
    return { lcpMs: vitals.lcp, cls: vitals.cls, tbtMs: vitals.tbt };
  });
}
