/**
 * Markup in what other people chose (a username, a referee's email) renders as
 * text on every signed-in screen: no element made from it, no script run. The
 * server's own validation keeps markup out of usernames, so the test puts it in
 * the answers themselves, the way a future field or a bug in a validator would.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { signedInPerson } from './support/flows.ts';
import { LIVE_STREAM_URL } from './support/quiet-network.ts';

const MARKUP =
  '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script><b id="injected">x</b>';

/** Every username and email in the answer becomes the markup; an empty referral list gets a row. */
function plantMarkup(value: unknown, path: string): unknown {
  if (Array.isArray(value)) return value.map((item) => plantMarkup(item, path));
  if (typeof value !== 'object' || value === null) return value;
  const planted = Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      (key === 'username' || key === 'email') && typeof field === 'string'
        ? MARKUP
        : plantMarkup(field, path),
    ]),
  );
  if (path.endsWith('/referrals-status') && Array.isArray(planted.data) && !planted.data.length) {
    planted.data = [
      {
        id: 1,
        username: MARKUP,
        email: MARKUP,
        register_on: new Date().toISOString(),
        referral_status: 'pending',
        tests_completed: 3,
        tests_required: 15,
        email_verified: true,
      },
    ];
    planted.meta = { current: 1, total_pages: 1, total_results: 1, size: 10 };
  }
  return planted;
}

async function answerWithMarkup(route: Route) {
  // The notices' live stream never ends, so it cannot be fetched whole and rewritten.
  if (LIVE_STREAM_URL.test(route.request().url())) return route.continue();
  const response = await route.fetch();
  const type = response.headers()['content-type'] ?? '';
  if (!type.includes('application/json')) return route.fulfill({ response });
  const path = new URL(route.request().url()).pathname;
  const json = plantMarkup(await response.json(), path);
  return route.fulfill({ response, json });
}

async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('#injected')).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
}

test('a username and an email carrying markup render inert on every signed-in screen', async ({
  page,
}) => {
  await signedInPerson(page, 'markup');
  await page.route('**/v1/api/**', answerWithMarkup);

  for (const path of ['/dashboard', '/referral', '/quests', '/transaction-history', '/earnings']) {
    await page.goto(path);
    // The account menu names the user: the markup shows as its own text.
    await expect(page.getByRole('banner').getByText(MARKUP)).toBeVisible();
    if (path === '/referral') {
      const table = page.getByTestId('referral-status-table');
      await expect(table.getByText(MARKUP).first()).toBeVisible();
    }
    await expectInert(page);
  }
});
