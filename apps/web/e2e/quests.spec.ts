/**
 * The Quests screen against the X and Discord stand-ins the e2e server runs
 * (scripts/e2e-server.mjs): every account they make carries the product name,
 * whoever logs in to Discord has joined our server, the keep-name timer is 5 s,
 * and Telegram is not configured (its widget is a script from telegram.org).
 *
 * Test ids of the screen:
 * - `quest-total-earned`, `quest-completed`: the Total Earned and Quests Completed cards (n/16:
 *   the 19 quests but Telegram's 3).
 * - `daily-claim` (with `daily-claim-button`), `daily-streak` (with `daily-streak-days`,
 *   `daily-streak-bonus`, the "Daily streak" progress bar and the "Bytes Bonus Milestones"
 *   button, which opens the dialog `streak-milestones-dialog`).
 * - `streak-milestone-7`, `-14`, `-21`, `-28`: each with its button Claim / Claimed.
 * - `referral-quest-1`, `-10`, `-20`, `-30`, `-50`, `-99` (Rookie to God): the progress bar,
 *   `referral-quest-N-progress` ("n/N") and the button Claim / Claimed.
 * - `quest-<key>` for each social quest of SOCIAL_QUESTS (`quest-xConnect`, `quest-xFollow`,
 *   `quest-xFounderFollow`, `quest-xRetweet`, `quest-xName`, `quest-discordConnect`,
 *   `quest-discordJoin`, `quest-discordName`, `quest-telegramConnect`, `quest-telegramJoin`,
 *   `quest-telegramName`, `quest-youtubeSubscribe`), with `data-state` (unavailable, locked,
 *   connect, verify, keep-name, verifying, claimable, claimed). Inside: the button Connect
 *   (or `telegram-login-widget`), the link Join / Follow / Retweet / Subscribe / Add name,
 *   the buttons Verify (or Verifying...) and Claim / Claimed, the done label
 *   `quest-<key>-done` (Connected, Joined, Followed, Retweeted, Subscribed, Verified) and,
 *   while a name quest's timer runs, `keep-name-timer` ("Keep name for …").
 */
import {
  expect,
  test,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { admin } from './support/admin.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectToast, signedInPerson } from './support/flows.ts';

const POINTS_CLAIMED = 'Bytes claimed! 🎉';
const VERIFIED = 'Verified! You can claim your reward now.';

/** The quests' external pages (x.com, discord.gg, YouTube) are out of reach: a blank page stands in. */
async function stubExternalPages(context: BrowserContext) {
  await context.route(/^https:\/\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>External page</title>' }),
  );
}

async function openQuests(page: Page) {
  await page.goto('/quests');
  await expect(page.getByTestId('quest-discordJoin')).toBeVisible();
}

const quest = (page: Page, key: string) => page.getByTestId(`quest-${key}`);

/** Clicks an external link of a quest; it opens a new tab, which the test closes again. */
async function openQuestLink(page: Page, link: Locator) {
  await expect(link).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.close();
}

/**
 * Clicks Connect: the platform's login opens in a new tab and comes back to
 * /quests there, which links the account. Returns the URLs the tab went through.
 */
async function connectInNewTab(page: Page, key: 'xConnect' | 'discordConnect', toast: string) {
  const connect = quest(page, key).getByRole('button', { name: 'Connect' });
  // Recorded on the context, so the new tab's first requests (and redirects) are not missed;
  // the first tab does not navigate meanwhile.
  const visited: string[] = [];
  const record = (request: Request) => {
    if (request.isNavigationRequest()) visited.push(request.url());
  };
  page.context().on('request', record);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), connect.click()]);
  await expectToast(tab, toast);
  // The login's parameters are gone from the address bar.
  await expect(tab).toHaveURL(/\/quests$/);
  await expect(
    tab.getByTestId(`quest-${key}`).getByRole('button', { name: 'Connect' }),
  ).toHaveCount(0);
  page.context().off('request', record);
  await tab.close();
  // Back on the first tab, which has not seen the link yet.
  await page.reload();
  await expect(quest(page, key).getByRole('button', { name: 'Connect' })).toHaveCount(0);
  return visited;
}

async function claimQuest(page: Page, key: string) {
  const claim = quest(page, key).getByRole('button', { name: 'Claim' });
  await expect(claim).toBeEnabled();
  await claim.click();
  await expectToast(page, POINTS_CLAIMED);
  await expect(quest(page, key).getByRole('button', { name: 'Claimed' })).toBeDisabled();
  await expect(quest(page, key)).toHaveAttribute('data-state', 'claimed');
}

test.beforeEach(async ({ context }) => {
  await stubExternalPages(context);
});

test('Discord: connect through the callback page, join, verify and claim; YouTube; Quest Completed counts up', async ({
  page,
}) => {
  const person = await signedInPerson(page, 'discordq');
  await openQuests(page);
  // Telegram is not configured on the e2e server: its 3 quests are neither shown nor
  // counted (19 - 3 = 16), and nothing tells the participant about the operator's settings.
  await expect(page.getByTestId('quest-completed')).toHaveText(/0\/16/);
  await expect(page.getByTestId('quest-total-earned')).toContainText('0 Bytes');
  await expect(page.getByTestId('social-quests').getByTestId('quest-discordJoin')).toBeVisible();
  for (const key of ['telegramConnect', 'telegramJoin', 'telegramName']) {
    await expect(page.getByTestId(`quest-${key}`)).toHaveCount(0);
  }
  await expect(page.getByTestId('social-quests')).not.toContainText('Telegram');
  await expect(page.getByTestId('social-quests')).not.toContainText(/operator|set up|configured/i);
  await expect(page.getByTestId('telegram-login-widget')).toHaveCount(0);
  // Join waits for the account.
  await expect(quest(page, 'discordJoin')).toContainText('Connect your Discord account first');
  await expectNoSeriousA11yViolations(page);

  // Connect: the stand-in's authorize page, /discord-auth, the backend callback, /quests.
  const visited = await connectInNewTab(page, 'discordConnect', 'Discord login successful!');
  await expect(quest(page, 'discordConnect').getByTestId('quest-discordConnect-done')).toHaveText(
    'Connected',
  );
  expect(visited.some((url) => url.includes('/oauth2/authorize?'))).toBe(true);
  expect(visited.some((url) => new URL(url).pathname === '/discord-auth')).toBe(true);
  expect(visited.some((url) => url.includes('/v1/api/auth/discord/callback?accessToken='))).toBe(
    true,
  );

  await claimQuest(page, 'discordConnect');
  await expect(page.getByTestId('quest-completed')).toHaveText(/1\/16/);
  await expect(page.getByTestId('quest-total-earned')).toContainText('1,000 Bytes');

  // Join: Verify is active only after the Join link was opened.
  const join = quest(page, 'discordJoin');
  const verify = join.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  await expect(join.getByRole('button', { name: 'Claim' })).toBeDisabled();
  await openQuestLink(page, join.getByRole('link', { name: /^Join/ }));
  await expect(verify).toBeEnabled();
  // A reload keeps it: the tab remembers the opened link.
  await page.reload();
  await expect(verify).toBeEnabled();
  await verify.click();
  await expectToast(page, VERIFIED);
  await expect(join.getByTestId('quest-discordJoin-done')).toHaveText('Joined');
  await claimQuest(page, 'discordJoin');
  await expect(page.getByTestId('quest-completed')).toHaveText(/2\/16/);
  await expect(page.getByTestId('quest-total-earned')).toContainText('2,000 Bytes');

  // YouTube: Subscribe, Verify asks for the person's channel and puts it under review
  // (Verifying...), an operator approves it.
  const youtube = quest(page, 'youtubeSubscribe');
  await openQuestLink(page, youtube.getByRole('link', { name: /^Subscribe/ }));
  await youtube.getByRole('button', { name: 'Verify' }).click();
  const channelDialog = page.getByTestId('youtube-channel-dialog');
  const channel = channelDialog.getByLabel('Your YouTube channel');
  // Sent empty, the field says what it needs and takes the focus.
  await channelDialog.getByRole('button', { name: 'Send for review' }).click();
  await expect(channelDialog).toContainText('Enter the YouTube channel you subscribed with.');
  await expect(channel).toBeFocused();
  await channel.fill('my channel');
  await channel.press('Enter');
  await expect(channelDialog).toContainText("Enter your channel's handle, like @name");
  await expectNoSeriousA11yViolations(page);
  await channel.fill('@quest_fan');
  await channelDialog.getByRole('button', { name: 'Send for review' }).click();
  await expectToast(page, 'Thanks! Your subscription is being verified.');
  await expect(channelDialog).toHaveCount(0);
  await expect(youtube.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
  admin('quest', 'youtube', 'approve', person.username);
  await page.reload();
  await expect(youtube.getByTestId('quest-youtubeSubscribe-done')).toHaveText('Subscribed');
  await claimQuest(page, 'youtubeSubscribe');
  await expect(page.getByTestId('quest-completed')).toHaveText(/3\/16/);
  await expect(page.getByTestId('quest-total-earned')).toContainText('3,000 Bytes');
  await expectNoSeriousA11yViolations(page);
});

test('X: connect in a new tab, verify the connection, and the name quest through its keep-name timer', async ({
  page,
}) => {
  await signedInPerson(page, 'xnameq');
  await openQuests(page);
  await expect(quest(page, 'xName')).toContainText('Connect your X account first');

  const visited = await connectInNewTab(page, 'xConnect', 'Twitter login successful!');
  expect(visited.some((url) => url.includes('/v1/api/auth/twitter/login'))).toBe(true);

  // Linked, X's connect quest has a Verify of its own, active at once.
  const xConnect = quest(page, 'xConnect');
  await expect(xConnect.getByRole('button', { name: 'Claim' })).toBeDisabled();
  await xConnect.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Twitter verify successful!');
  await expect(xConnect.getByTestId('quest-xConnect-done')).toHaveText('Connected');
  await claimQuest(page, 'xConnect');
  await expect(page.getByTestId('quest-completed')).toHaveText(/1\/16/);

  // The name quest: Add name opens X's profile settings; then Verify starts the timer.
  const name = quest(page, 'xName');
  const verify = name.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  const addName = name.getByRole('link', { name: /^Add name/ });
  await expect(addName).toHaveAttribute('href', 'https://x.com/settings/profile');
  await openQuestLink(page, addName);
  await expect(verify).toBeEnabled();
  await verify.click();
  const timer = name.getByTestId('keep-name-timer');
  await expect(timer).toHaveText(/^Keep name for 0h 0m [1-5]s$/);
  await expect(verify).toBeDisabled();
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 3_000 });

  // Once the timer has run out, Verify is active again and verifies.
  await expect(verify).toBeEnabled({ timeout: 10_000 });
  await expect(timer).toHaveCount(0);
  await verify.click();
  await expectToast(page, VERIFIED);
  await expect(name.getByTestId('quest-xName-done')).toHaveText('Verified');
  await claimQuest(page, 'xName');
  await expect(page.getByTestId('quest-completed')).toHaveText(/2\/16/);
  await expect(page.getByTestId('quest-total-earned')).toContainText('2,000 Bytes');
});

test('a streak milestone claim, and the Bytes Bonus Milestones dialog', async ({ page }) => {
  const person = await signedInPerson(page, 'streakq');
  admin('user', 'streak', person.username, '7');
  await openQuests(page);

  const streak = page.getByTestId('daily-streak');
  await expect(streak.getByTestId('daily-streak-days')).toHaveText('7 days');
  await expect(streak.getByTestId('daily-streak-bonus')).toHaveText('1,000 Bytes');
  await expect(streak.getByRole('progressbar', { name: 'Daily streak' })).toHaveAttribute(
    'aria-valuenow',
    '24.99',
  );
  for (const later of [14, 21, 28]) {
    await expect(
      page.getByTestId(`streak-milestone-${later}`).getByRole('button', { name: 'Claim' }),
    ).toBeDisabled();
  }

  const before = await page.getByTestId('quest-total-earned').textContent();
  const seven = page.getByTestId('streak-milestone-7');
  await seven.getByRole('button', { name: 'Claim' }).click();
  await expectToast(page, 'Streak bonus reward claimed successfully! 🎉');
  await expect(seven.getByRole('button', { name: 'Claimed' })).toBeDisabled();
  const points = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));
  await expect
    .poll(async () => points(await page.getByTestId('quest-total-earned').textContent()))
    .toBe(points(before) + 1000);
  // The next milestone waits for day 14.
  await expect(
    page.getByTestId('streak-milestone-14').getByRole('button', { name: 'Claim' }),
  ).toBeDisabled();

  // The milestones dialog: labelled, modal, focus moves in, Escape closes, focus returns.
  const opener = streak.getByRole('button', { name: 'Bytes Bonus Milestones' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Bytes Bonus Milestones' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  const bonuses: [string, string][] = [
    ['7 days', '1,000 Bytes'],
    ['14 days', '1,500 Bytes'],
    ['21 days', '3,000 Bytes'],
    ['28 days', '5,000 Bytes'],
  ];
  for (const [days, bytes] of bonuses) {
    await expect(dialog.getByText(days, { exact: true })).toBeVisible();
    await expect(dialog.getByText(bytes, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The referral quests: none reached yet.
  await expect(page.getByTestId('referral-quest-1-progress')).toHaveText('0/1');
  await expect(
    page.getByTestId('referral-quest-1').getByRole('button', { name: 'Claim' }),
  ).toBeDisabled();
});
