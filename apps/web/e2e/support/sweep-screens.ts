/** The screens the sweeps open (issue 27's, and the pseudo-locale's of issue 28), and how. */
import { expect, type Page } from '@playwright/test';

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
];

export const SIGNED_IN_SCREENS = [
  '/dashboard',
  '/nodes',
  '/referral',
  '/quests',
  '/transaction-history',
  '/earnings',
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
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** A screenshot's file name: the screen's path (or a label) and the width. */
export function shotName(label: string, width: number): string {
  return `${label.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home'}-${width}.png`;
}
