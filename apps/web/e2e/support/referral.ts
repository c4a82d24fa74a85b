/** The referral's steps, shared by referral.spec.ts and notifications.spec.ts. */
import type { Browser } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';
import { newPerson, register } from './flows.ts';

/** The referral link the server hands out: the sign-up page with the referrer's code. */
export const REFERRAL_URL = new RegExp(
  `^${E2E_BASE_URL.replace(/[.]/g, '\\.')}/register\\?ref=([2-9A-HJKMNP-Z]{8})$`,
);

/** A person who signs up in a browser of their own from the referrer's link. */
export async function referee(browser: Browser, prefix: string, code: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson(prefix);
  // The copied link is this same URL; register() also checks the code field is pre-filled.
  await register(page, person, code);
  return { context, page, person };
}
