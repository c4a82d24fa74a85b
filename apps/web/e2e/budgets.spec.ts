/**
 * CI's bundle check (issue 32): the JavaScript the first pages fetch, gzip, as Chromium
 * fetched it from the production build, against the budgets bench/web reports.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import {
  collectScriptSizes,
  firstLoadScriptSizes,
  JS_BUDGETS,
  kilobytes,
} from './support/budgets.ts';
import { signedInPerson } from './support/flows.ts';

/** The gzip bytes of the scripts a fresh `page` fetches on its first load of `path`. */
async function firstLoadScriptBytes(
  page: Page,
  path: string,
  shown: () => Promise<void>,
): Promise<{ bytes: number; files: string[] }> {
  const sizes = collectScriptSizes(page);
  await page.goto(path);
  await shown();
  const scripts = [...(await firstLoadScriptSizes(page, sizes))];
  return {
    bytes: scripts.reduce((sum, [, bytes]) => sum + bytes, 0),
    files: scripts.map(([url, bytes]) => `${new URL(url).pathname} ${kilobytes(bytes)}`),
  };
}

for (const locale of ['en-US', 'ar-EG']) {
  test(`/login's first load stays within ${kilobytes(JS_BUDGETS.loginBytes)} of JavaScript in ${locale}, its catalog included`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const login = await firstLoadScriptBytes(page, '/login', () =>
      page.locator('form button[type="submit"]').first().waitFor(),
    );
    expect(login.files.some((file) => /\/catalog-[\w-]+-start-/.test(file))).toBe(true);
    expect(login.bytes, login.files.join('\n')).toBeLessThanOrEqual(JS_BUDGETS.loginBytes);
    await context.close();
  });
}

test(`/dashboard's first load adds at most ${kilobytes(JS_BUDGETS.dashboardExtraBytes)} of JavaScript to /login's`, async ({
  browser,
}) => {
  const visitor = await browser.newContext({ locale: 'en-US' });
  const visitorPage = await visitor.newPage();
  const login = await firstLoadScriptBytes(visitorPage, '/login', () =>
    visitorPage.locator('form button[type="submit"]').first().waitFor(),
  );
  await visitor.close();

  const member = await browser.newContext({ locale: 'en-US' });
  await signedInPerson(await member.newPage(), 'budget');
  const page = await member.newPage();
  const dashboard = await firstLoadScriptBytes(page, '/dashboard', () =>
    page.getByRole('heading', { level: 1 }).first().waitFor(),
  );
  expect(dashboard.bytes - login.bytes, dashboard.files.join('\n')).toBeLessThanOrEqual(
    JS_BUDGETS.dashboardExtraBytes,
  );
  await member.close();
});

test('/login, its scripts and its style sheet arrive compressed, as the budgets count them', async ({
  page,
}) => {
  const responses: Response[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'document' || type === 'script' || type === 'stylesheet') responses.push(response);
  });
  await page.goto('/login');
  await page.locator('form button[type="submit"]').first().waitFor();
  await page.waitForLoadState('load');
  const files = await Promise.all(
    responses.map(async (response) => ({
      path: new URL(response.url()).pathname,
      bytes: (await response.body()).length,
      encoding: response.headers()['content-encoding'] ?? 'none',
    })),
  );
  expect(files.some(({ path }) => path.endsWith('.css'))).toBe(true);
  expect(files.filter(({ path }) => path.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
  // Brotli where Chromium offers it, else gzip; plain only for a file under a kilobyte, whose
  // headers would outweigh the saving (apps/web/precompress-plugin.ts).
  for (const { path, bytes, encoding } of files.filter(({ bytes }) => bytes >= 1024)) {
    expect(encoding, `${path}, ${bytes} bytes`).toMatch(/^(br|gzip)$/);
  }
});
