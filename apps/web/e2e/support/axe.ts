import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** How often a page is analysed before a violation counts: once settled, the answer is stable. */
const ANALYSES = 3;
const BETWEEN_ANALYSES_MS = 1_000;

/**
 * Fails on any serious or critical accessibility violation of the page as it is now.
 * axe measures colour contrast as painted, so a toast caught entering or leaving reads
 * as low contrast; a violation counts only when it is still there after the page has
 * settled, which a real one always is.
 */
export async function expectNoSeriousA11yViolations(page: Page, where?: string): Promise<void> {
  let serious: string[] = [];
  for (let analysis = 1; analysis <= ANALYSES; analysis += 1) {
    if (analysis > 1) await page.waitForTimeout(BETWEEN_ANALYSES_MS);
    await finiteAnimationsSettled(page);
    serious = await seriousViolations(page);
    if (serious.length === 0) return;
  }
  expect(serious, where).toEqual([]);
}

/**
 * axe.run in the page itself (legacy mode): the default mode opens a blank page for every
 * analysis to combine the frames' results, which doubled each check's time. The app's pages
 * have no frames from another origin for that mode to reach.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Waits for the fades and slides running now to end; endless ones (spinners) are left alone. */
async function finiteAnimationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.allSettled(finite.map((animation) => animation.finished));
  });
}
