/**
 * The JavaScript budgets of the first pages (issue 32), in gzip bytes as Chromium fetched the
 * files: bench/web reports them, CI's bundle spec (e2e/budgets.spec.ts) fails a build past
 * them. /login's count includes its language's catalog part; /dashboard's is what it adds to
 * /login's.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export const JS_BUDGETS = {
  loginBytes: 85 * 1024,
  dashboardExtraBytes: 45 * 1024,
};

/** A size as the budgets are said, in both reports: `84.6 KB`. */
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The gzip size of each script a page fetches, by address; read once the page has loaded. */
export function collectScriptSizes(page: Page): () => Promise<Map<string, number>> {
  const sizes: Promise<[string, number] | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.push(
      response.body().then(
        (body): [string, number] => [response.url(), gzipSync(body, { level: 9 }).length],
        () => null,
      ),
    );
  });
  return async () => new Map((await Promise.all(sizes)).filter((size) => size !== null));
}

/**
 * The addresses of the files the page requested before its load event ended: a page's first
 * load. What it fetches once it is up (the extension's bridge, the captcha) is not its cost.
 */
export async function firstLoadRequests(page: Page): Promise<Set<string>> {
  await page.waitForLoadState('load');
  const urls = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const loadEnd = navigation?.loadEventEnd ?? 0;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= loadEnd)
      .map((entry) => entry.name);
  });
  return new Set(urls);
}

/** The gzip size of each script of the page's first load, from what `collectScriptSizes` read. */
export async function firstLoadScriptSizes(
  page: Page,
  sizes: () => Promise<Map<string, number>>,
): Promise<Map<string, number>> {
  const firstLoad = await firstLoadRequests(page);
  return new Map([...(await sizes())].filter(([url]) => firstLoad.has(url)));
}
