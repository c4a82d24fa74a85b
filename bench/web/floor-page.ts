/**
 * The vitals' floor: a page of one paragraph, with no style sheet, font or script, served by a
 * bare HTTP server. Its LCP, at the same CPU slowdown and on the same machine, is what the
 * browser alone takes to start a renderer, commit a navigation and paint text; a page of ours
 * cannot paint sooner. On 2026-11-29's machine it was most of /login's LCP (bench/RESULTS.md).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Floor</title></head>
  <body><p id="floor">Welcome back. Log in to keep earning Bytes from the speed tests your browser contributes.</p></body>
</html>`;

export const floorPageShown = (page: Page) => page.locator('#floor').waitFor();

export async function startFloorPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(FLOOR_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
