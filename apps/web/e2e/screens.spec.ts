/**
 * Every screen at a desktop and a phone width (issue 15): axe, a full-page screenshot into the
 * test's output folder, and the layout defects of the issue, each measured.
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { signedInPerson } from './support/flows.ts';
import { waitForQuietNetwork, watchRequests } from './support/quiet-network.ts';

const DESKTOP = { name: 'desktop', width: 1440, height: 900 };
const PHONE = { name: 'phone', width: 390, height: 844 };
const VIEWPORTS = [DESKTOP, PHONE] as const;
type Viewport = (typeof VIEWPORTS)[number];

const SIGNED_OUT_SCREENS = [
  { path: '/login', heading: 'Log in' },
  { path: '/register', heading: 'Create your account' },
  { path: '/forgot-password', heading: 'Forgot password' },
  { path: '/reset-password?token=x', heading: 'Reset password' },
] as const;

const SIGNED_IN_SCREENS = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/referral', heading: 'Referral' },
  { path: '/quests', heading: 'Quests' },
  { path: '/transaction-history', heading: 'Transaction History' },
  { path: '/earnings', heading: 'Earnings' },
  { path: '/notifications', heading: 'Notifications' },
] as const;

/** Empty space a panel may show between or below its parts: a gap of the layout, not a hole. */
const MAX_EMPTY_SPACE_PX = 32;

// Sign-ups, axe's settled analyses and a screenshot per screen and width take a while.
test.describe.configure({ timeout: 240_000 });

/** Opens a screen and waits for its heading and its first requests. */
async function openScreen(page: Page, path: string, heading: string): Promise<void> {
  watchRequests(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await waitForQuietNetwork(page);
}

function fileName(path: string, viewport: Viewport): string {
  const slug = path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
  return `${slug}-${viewport.width}.png`;
}

/**
 * A full-page screenshot. A signed-in screen scrolls inside `main`, not the document, so the
 * window is made as tall as its content for the picture, then put back.
 */
async function screenshot(page: Page, testInfo: TestInfo, path: string, viewport: Viewport) {
  const contentHeight = await page.evaluate(() => {
    const main = document.querySelector('main');
    const frame = main?.getBoundingClientRect();
    return main && frame ? frame.top + main.scrollHeight : document.documentElement.scrollHeight;
  });
  const height = Math.max(viewport.height, Math.ceil(contentHeight));
  if (height !== viewport.height) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: testInfo.outputPath(fileName(path, viewport)), fullPage: true });
  if (height !== viewport.height) await page.setViewportSize(viewport);
}

/** The largest empty band inside an element's content box: between, above or below its parts. */
async function largestEmptyBand(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    const top = box.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
    const bottom =
      box.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom);
    const parts = [...node.children]
      .map((child) => child.getBoundingClientRect())
      .filter((part) => part.height > 0)
      .sort((a, b) => a.top - b.top);
    let reached = top;
    let largest = 0;
    for (const part of parts) {
      largest = Math.max(largest, part.top - reached);
      reached = Math.max(reached, part.bottom);
    }
    return Math.round(Math.max(largest, bottom - reached));
  });
}

async function documentOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrolledBy: root.scrollTop, tallerBy: root.scrollHeight - window.innerHeight };
  });
}

/** Wheel-scrolls over `main` to its end, then on past it, as a person scrolling a page would. */
async function wheelToEnd(page: Page): Promise<void> {
  const main = page.getByRole('main');
  const box = await main.boundingBox();
  if (!box) throw new Error('main is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let turn = 0; turn < 60; turn += 1) {
    const atEnd = await main.evaluate(
      (node) => node.scrollTop + node.clientHeight >= node.scrollHeight - 1,
    );
    if (atEnd) break;
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(60);
  }
  for (let turn = 0; turn < 5; turn += 1) {
    await page.mouse.wheel(0, 1_000);
    await page.waitForTimeout(60);
  }
}

test('the signed-out screens at both widths: axe, screenshots, cards as tall as their content', async ({
  page,
}, testInfo) => {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const screen of SIGNED_OUT_SCREENS) {
      await openScreen(page, screen.path, screen.heading);
      await screenshot(page, testInfo, screen.path, viewport);
      const card = page.getByRole('heading', { level: 1, name: screen.heading }).locator('..');
      expect
        .soft(await largestEmptyBand(card), `empty space in the ${screen.path} card`)
        .toBeLessThanOrEqual(MAX_EMPTY_SPACE_PX);
      await expectNoSeriousA11yViolations(page);
    }
  }
});

test('the signed-in screens at both widths: the document never scrolls, the header and sidebar stay, axe, screenshots', async ({
  page,
}, testInfo) => {
  const person = await signedInPerson(page, 'screens');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const screen of SIGNED_IN_SCREENS) {
      await openScreen(page, screen.path, screen.heading);
      await screenshot(page, testInfo, screen.path, viewport);
      await wheelToEnd(page);
      const where = `${screen.path} at ${viewport.width} px`;
      expect.soft(await documentOverflow(page), where).toEqual({ scrolledBy: 0, tallerBy: 0 });
      const header = page.getByRole('banner');
      await expect
        .soft(header.getByRole('button', { name: new RegExp(person.username) }), where)
        .toBeInViewport({ ratio: 1 });
      const sidebarShown =
        viewport === DESKTOP
          ? page.getByRole('navigation', { name: 'Main' })
          : header.getByRole('button', { name: 'Open menu' });
      await expect.soft(sidebarShown, where).toBeInViewport({ ratio: 1 });
      await expectNoSeriousA11yViolations(page);
    }
  }
});

test('content decides the height of panels and cards, the claim button stays put, phones are dense', async ({
  page,
}) => {
  await signedInPerson(page, 'density');
  await page.setViewportSize(DESKTOP);
  await openScreen(page, '/dashboard', 'Dashboard');
  const questsPanel = page.getByTestId('quests-panel');
  expect
    .soft(await largestEmptyBand(questsPanel), 'dashboard Quests panel')
    .toBeLessThanOrEqual(MAX_EMPTY_SPACE_PX);

  // Claiming locks the button with a longer label; the row keeps its height and the button its place.
  const claimRow = questsPanel.getByTestId('daily-claim');
  const claim = claimRow.getByTestId('daily-claim-button');
  await expect(claim).toHaveAttribute('data-state', 'unlocked');
  const rowBefore = await claimRow.boundingBox();
  const buttonBefore = await claim.boundingBox();
  await claim.click();
  await expect(claim).toHaveAttribute('data-state', 'locked');
  expect.soft(await claimRow.boundingBox(), 'the claim row').toEqual(rowBefore);
  expect.soft(await claim.boundingBox(), 'the claim button').toEqual(buttonBefore);

  await openScreen(page, '/quests', 'Quests');
  expect
    .soft(await largestEmptyBand(page.getByTestId('daily-check-in')), 'Daily Check-in')
    .toBeLessThanOrEqual(MAX_EMPTY_SPACE_PX);

  // Quests of a platform the operator has not set up are not shown at all.
  await expect(page.getByTestId('quest-telegramConnect')).toHaveCount(0);
  await expect(page.getByTestId('social-quests').getByText('Not available yet')).toHaveCount(0);

  // At 390 px the four stat cards are a 2x2 grid and the header shows the logo.
  await page.setViewportSize(PHONE);
  await openScreen(page, '/dashboard', 'Dashboard');
  const cards = ['today-earnings', 'cycle-earnings', 'quest-completed', 'total-earnings'];
  const tops = [];
  for (const card of cards) tops.push((await page.getByTestId(`stat-${card}`).boundingBox())?.y);
  expect.soft(tops[0], 'first row').toBe(tops[1]);
  expect.soft(tops[2], 'second row').toBe(tops[3]);
  expect.soft(tops[2]).toBeGreaterThan(tops[0] ?? Infinity);
  await expect.soft(page.getByRole('banner').getByTestId('logo')).toBeVisible();
});

/** Holds the answers to the requests matching `url` until `release` is called. */
async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function heightOf(element: Locator): Promise<number> {
  await expect(element).toBeVisible();
  return (await element.boundingBox())?.height ?? 0;
}

test('a list loading shows skeleton rows as tall as its rows', async ({ page }) => {
  await signedInPerson(page, 'skeleton');
  await page.getByRole('button', { name: 'Claim 100' }).click();
  await expect(page.getByTestId('daily-claim-button')).toHaveAttribute('data-state', 'locked');

  for (const viewport of VIEWPORTS) {
    const where = `at ${viewport.width} px`;
    await page.setViewportSize(viewport);
    let release = await holdRequests(page, '**/v1/api/transactions?**');
    await page.goto('/transaction-history');
    const table = page.getByTestId('transaction-history-table');
    const skeletonRow = await heightOf(table.getByTestId('skeleton-row').first());
    release();
    const row = await heightOf(table.locator('tbody tr:has(td[data-column="type"])').first());
    // Collapsed table borders put half a pixel on one row or the other.
    expect(Math.abs(skeletonRow - row), `a transaction ${where}`).toBeLessThanOrEqual(0.5);
    await page.unrouteAll();

    release = await holdRequests(page, '**/v1/api/auth/profile');
    await page.goto('/quests');
    const referralQuests = page.getByTestId('referral-quests');
    const skeletonQuest = await heightOf(referralQuests.getByTestId('skeleton-row').first());
    const socialSkeleton = await heightOf(
      page.getByTestId('social-quests').getByTestId('skeleton-row').nth(1),
    );
    release();
    expect(skeletonQuest, `a referral quest ${where}`).toBe(
      await heightOf(page.getByTestId('referral-quest-1')),
    );
    expect(socialSkeleton, `a social quest ${where}`).toBe(
      await heightOf(page.getByTestId('quest-xFollow')),
    );
    await page.unrouteAll();
  }
});

test('every control shows a focus ring when reached with the keyboard', async ({ page }) => {
  const unringed: string[] = [];
  const walk = async (where: string) => {
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    const seen = new Set<string>();
    for (let step = 0; step < 80; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(describeFocus);
      if (!focused || seen.has(focused.id)) break;
      seen.add(focused.id);
      if (!focused.ringed) unringed.push(`${where}: ${focused.id}`);
    }
  };
  for (const screen of SIGNED_OUT_SCREENS) {
    await openScreen(page, screen.path, screen.heading);
    await walk(screen.path);
  }
  await signedInPerson(page, 'focus');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const screen of SIGNED_IN_SCREENS) {
      await openScreen(page, screen.path, screen.heading);
      await walk(`${screen.path} at ${viewport.width} px`);
    }
  }
  expect(unringed).toEqual([]);
});

/**
 * The focused element, and whether a ring shows around it: an outline (or a box shadow) that
 * no clipping ancestor cuts off. Runs in the page.
 */
function describeFocus() {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  if (!element || element === document.body) return null;
  const label =
    element.getAttribute('aria-label') ??
    element.getAttribute('name') ??
    element.textContent?.trim().slice(0, 40) ??
    '';
  const id = `${element.tagName.toLowerCase()} "${label}"`;
  const style = getComputedStyle(element);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  const shadow = style.boxShadow !== 'none';
  if (!outline && !shadow) return { id, ringed: false };
  const reach = outline ? parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) : 0;
  const box = element.getBoundingClientRect();
  for (let node = element.parentElement; node; node = node.parentElement) {
    const clip = getComputedStyle(node);
    // A scroll container clips too: focus scrolls an element just into view, ring or not.
    const clips = (value: string) => value !== 'visible';
    if (!clips(clip.overflowX) && !clips(clip.overflowY)) continue;
    const frame = node.getBoundingClientRect();
    const cut =
      (clips(clip.overflowX) &&
        (box.left - reach < frame.left || box.right + reach > frame.right)) ||
      (clips(clip.overflowY) && (box.top - reach < frame.top || box.bottom + reach > frame.bottom));
    if (cut) return { id, ringed: false };
  }
  return { id, ringed: true };
}
