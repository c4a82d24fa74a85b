import { expect, test } from '@playwright/test';
import { signedInPerson } from './support/flows.ts';

test('the sidebar links, active icon, install button and account menu', async ({ page }) => {
  const person = await signedInPerson(page, 'layout');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  const links = ['Dashboard', 'Nodes', 'Referral', 'Quests', 'Transaction History', 'Earnings'];
  for (const name of links) await expect(sidebar.getByRole('link', { name })).toBeVisible();
  expect((await page.getByRole('complementary', { name: 'Sidebar' }).boundingBox())?.width).toBe(
    170,
  );

  await sidebar.getByRole('link', { name: 'Quests' }).click();
  await expect(page).toHaveURL(/\/quests$/);
  await expect(
    sidebar.getByRole('link', { name: 'Quests' }).locator('svg[data-variant="filled"]'),
  ).toHaveCount(1);
  await expect(
    sidebar.getByRole('link', { name: 'Dashboard' }).locator('svg[data-variant="filled"]'),
  ).toHaveCount(0);

  const install = page.getByRole('link', { name: /Install Netpulse/ });
  await expect(install).toContainText('Validator Extension');
  // To the install steps (docs/decisions/033), in the app rather than a new tab.
  await expect(install).toHaveAttribute('href', '/install');

  const header = page.getByRole('banner');
  const avatar = await header.getByTestId('default-avatar').boundingBox();
  expect([avatar?.width, avatar?.height]).toEqual([44, 44]);
  const menuButton = header.getByRole('button', { name: new RegExp(person.username) });
  await menuButton.click();
  const logout = header.getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await page.getByRole('heading', { name: 'Quests', exact: true }).click();
  await expect(logout).toBeHidden();
});

test('on a narrow screen the menu button opens the sidebar and the backdrop closes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signedInPerson(page, 'narrow');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeInViewport();
  await page.getByTestId('sidebar-backdrop').click({ position: { x: 300, y: 300 } });
  await expect(nav).not.toBeInViewport();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'Earnings' }).click();
  await expect(page).toHaveURL(/\/earnings$/);
  await expect(nav).not.toBeInViewport();
});
