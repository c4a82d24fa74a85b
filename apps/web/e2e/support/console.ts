/** The console's specs' common steps: an operator made with the CLI, a member beside them. */
import { expect, type Browser, type Page } from '@playwright/test';
import { admin } from './admin.ts';
import { signedInPerson, type Person } from './flows.ts';

/** A verified person made an admin with the CLI, as the operator does, and signed in. */
export async function signedInAdmin(page: Page): Promise<Person> {
  const person = await signedInPerson(page, 'admin');
  admin('user', 'role', person.username, 'admin');
  // The profile is read once per page: a reload picks up the new role.
  await page.reload();
  return person;
}

/** A second browser, signed in as a new member. */
export async function memberElsewhere(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await signedInPerson(page, prefix);
  return { context, page, person };
}

/** Opens a section of the console by its link in the console's navigation. */
export async function openConsole(page: Page, link: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
}
