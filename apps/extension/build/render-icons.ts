/**
 * Renders icons/icon.svg to the committed PNGs (build/icons.ts) with Debian's
 * Chromium through Playwright, transparent outside the drawing. Run by hand after
 * changing the drawing: `npx tsx apps/extension/build/render-icons.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ICON_SIZES, iconFileName } from './icons.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const svg = readFileSync(`${packageDir}icons/icon.svg`, 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const size of ICON_SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    writeFileSync(`${packageDir}${iconFileName(size)}`, png);
    console.log(`${iconFileName(size)}: ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
