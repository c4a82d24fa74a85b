/** The screens the sweeps open (issue 27's, and the pseudo-locale's of issue 28), and how. */
import { expect, type Locator, type Page } from '@playwright/test';
import { waitForQuietNetwork, watchRequests } from './quiet-network.ts';

export const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

export const SIGNED_OUT_SCREENS = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=x',
  '/verify-email/not-a-real-token',
  '/check-inbox',
  '/install',
  '/terms',
  '/privacy',
  '/settings/email/confirm?token=not-a-real-token',
  '/settings/email/undo?token=not-a-real-token',
  '/explorer',
];

export const SIGNED_IN_SCREENS = [
  '/dashboard',
  '/nodes',
  '/referral',
  '/quests',
  '/transaction-history',
  '/earnings',
  '/settings',
  '/notifications',
  '/install',
  '/admin',
  '/admin/users',
  '/admin/invites',
  '/admin/cycles',
  '/admin/reviews',
  '/admin/fraud',
  '/admin/audit',
];

/** Opens a screen and waits until its heading is up and its reads have settled. */
export async function openScreen(page: Page, path: string): Promise<void> {
  watchRequests(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await waitForQuietNetwork(page);
}

/** A screenshot's file name: the screen's path (or a label) and the width. */
export function shotName(label: string, width: number): string {
  return `${label.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home'}-${width}.png`;
}

/** A dialog a screen opens, by the button that opens it. */
export interface DialogOpener {
  screen: string;
  /** A panel that loads once in view (test id), brought into view first. */
  reveal?: string;
  opener: (page: Page) => Locator;
}

/**
 * Opens each dialog on its screen, hands it to `check` while it is open, then closes it with
 * Escape; the findings of every check, in order.
 */
export async function checkEachDialog<Finding>(
  page: Page,
  dialogs: readonly DialogOpener[],
  check: (dialog: Locator, screen: string) => Promise<Finding[]>,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const { screen, reveal, opener } of dialogs) {
    await openScreen(page, screen);
    if (reveal) await page.getByTestId(reveal).scrollIntoViewIfNeeded();
    const button = opener(page);
    await expect(button, `the dialog opener on ${screen}`).toBeVisible();
    await button.click();
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toBeVisible();
    findings.push(...(await check(dialog, screen)));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  return findings;
}
