/**
 * Issue 28's sweep: every screen and dialog, signed out and signed in (as an operator), at
 * 1440 and 390 px, in the pseudo-locale `en-XA` (every message accented, 40 % longer, in
 * brackets). It fails on a visible word in plain English letters (text written outside a
 * message) and on text out of its box. Then every screen in Arabic and in Chinese at both
 * widths, screenshots in the test's output folder to be looked at.
 */
import { expect, test, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { LOCALE_COOKIE } from '@netpulse/i18n';
import { TOKEN_STORAGE_KEY } from '@netpulse/shared';
import { admin } from './support/admin.ts';
import { messageStart } from './support/catalog-text.ts';
import { E2E_BASE_URL } from './support/e2e-env.ts';
import { PERSON_WORDS, signedInPerson, type Person } from './support/flows.ts';
import {
  expectNoSidewaysScroll,
  pseudoLocaleFindings,
  type SweepFinding,
} from './support/sweep-checks.ts';
import {
  checkEachDialog,
  openScreen,
  shotName,
  type DialogOpener,
  SIGNED_IN_SCREENS,
  SIGNED_OUT_SCREENS,
  VIEWPORTS,
} from './support/sweep-screens.ts';

const PSEUDO = 'en-XA';

test.describe.configure({ timeout: 600_000 });

/** The page's language chosen as a person chooses it on a page: the cookie the server reads too. */
async function chooseLanguage(context: BrowserContext, locale: string): Promise<void> {
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: E2E_BASE_URL }]);
}

/** The account's language, as the account menu saves it. */
async function setAccountLanguage(page: Page, locale: string): Promise<void> {
  const status = await page.evaluate(
    async ({ key, locale }) => {
      const response = await fetch('/v1/api/account/preferences', {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${localStorage.getItem(key) ?? ''}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ locale }),
      });
      return response.status;
    },
    { key: TOKEN_STORAGE_KEY, locale },
  );
  expect(status).toBe(200);
}

/**
 * What people and operators wrote, shown as written in every language: the node name the
 * page gives a browser's node (the name is data once stored), invite codes, the ban reasons
 * other specs' operators typed (the console lists them), the settings an operator sets
 * (`TELEGRAM_BOT_TOKEN`), and the pseudo-locale's list conjunction (Intl has no data of its
 * own for `en-XA`).
 */
const DATA_WORDS = [
  /Chrome on Linux \(web\)/g,
  /\b[A-Z0-9]{8}\b/g,
  'testing',
  'Farm of five accounts',
  'Several accounts ran tests from one machine.',
  /\b[A-Z][A-Z0-9]*(_[A-Z0-9]+)+\b/g,
  /, and\b|\band\b/g,
  // The authenticator app's secret, shown in groups of four for typing (settings' setup dialog).
  /\b[A-Z2-7]{4}\b/g,
];

/** The dialogs of issue 27's sweep, opened by their buttons' names in the pseudo-locale. */
const button = (page: Page, id: string) =>
  page.getByRole('button', { name: messageStart(PSEUDO, id) });
const DIALOGS: DialogOpener[] = [
  { screen: '/quests', opener: (page) => button(page, 'quests.bytesBonusMilestones') },
  { screen: '/nodes', opener: (page) => button(page, 'nodes.rename').first() },
  { screen: '/nodes', opener: (page) => button(page, 'nodes.remove').first() },
  {
    screen: '/dashboard',
    reveal: 'network-statistics',
    opener: (page) => button(page, 'dashboard.receiptOfTest').first(),
  },
  {
    screen: '/admin/invites',
    opener: (page) => button(page, 'console.invites.revokeCode').first(),
  },
  { screen: '/admin/cycles', opener: (page) => button(page, 'console.cycles.start') },
  { screen: '/settings', opener: (page) => button(page, 'settings.changeUsername') },
  { screen: '/settings', opener: (page) => button(page, 'settings.changeEmail') },
  { screen: '/settings', opener: (page) => button(page, 'settings.changePassword') },
  { screen: '/settings', opener: (page) => button(page, 'settings.totpSetUp') },
  { screen: '/settings', opener: (page) => button(page, 'settings.addPasskey') },
  { screen: '/settings', opener: (page) => button(page, 'settings.deleteAccount') },
];

async function sweepScreen(
  page: Page,
  where: string,
  width: number,
  ownWords: readonly (string | RegExp)[],
): Promise<SweepFinding[]> {
  const label = `${where} at ${width} px`;
  await expectNoSidewaysScroll(page, label);
  return pseudoLocaleFindings(page.locator('body'), label, ownWords);
}

async function sweepDialogs(
  page: Page,
  dialogs: readonly DialogOpener[],
  width: number,
  ownWords: readonly (string | RegExp)[],
): Promise<SweepFinding[]> {
  return checkEachDialog(page, dialogs, (dialog, screen) =>
    pseudoLocaleFindings(dialog, `${screen} dialog at ${width} px`, ownWords),
  );
}

/** A person with something on every screen: a claim, a node with a test, an invite; an operator. */
async function operatorWithData(page: Page): Promise<Person> {
  const person = await signedInPerson(page, 'pseudo');
  admin('user', 'role', person.username, 'admin');
  await page.reload();
  await page.getByTestId('daily-claim-button').click();
  await expect(page.getByTestId('daily-claim-button')).toHaveAttribute('data-state', 'locked');
  await page.goto('/nodes');
  await page.getByRole('button', { name: 'Run a speed test in this browser' }).click();
  await expect(page.getByTestId('browser-speedtest-result')).toBeVisible({ timeout: 45_000 });
  admin('invite');
  return person;
}

test('signed out, in the pseudo-locale: no text outside a message, none out of its box', async ({
  page,
  context,
}) => {
  await chooseLanguage(context, PSEUDO);
  const findings: SweepFinding[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of SIGNED_OUT_SCREENS) {
      await openScreen(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
      findings.push(...(await sweepScreen(page, path, viewport.width, [])));
    }
  }
  expect(findings).toEqual([]);
});

test('signed in as an operator, in the pseudo-locale: every screen and dialog', async ({
  page,
  context,
}) => {
  const person = await operatorWithData(page);
  const ownWords = [person.email, person.username, ...PERSON_WORDS, ...DATA_WORDS];
  await chooseLanguage(context, PSEUDO);
  const findings: SweepFinding[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of SIGNED_IN_SCREENS) {
      await openScreen(page, path);
      findings.push(...(await sweepScreen(page, path, viewport.width, ownWords)));
    }
    findings.push(...(await sweepDialogs(page, DIALOGS, viewport.width, ownWords)));
  }
  expect(findings).toEqual([]);
});

test('the pseudo-locale check finds English outside a message and text out of its box', async ({
  page,
}) => {
  await page.setContent(`
    <main style="width: 300px">
      <p>[Ḽǿǿɠ īƞ]</p>
      <p>Log in</p>
      <p>[Ẇḗḗŀƈǿǿḿḗḗ] pseudo_a1b2c3 deleted-12 deleted-12@invalid Discord 12 Mbps</p>
      <div style="width: 120px; white-space: nowrap">[Ȧ ŧḗḗẋŧ ŧǿǿǿǿ ŀǿǿƞɠ ƒǿǿř īŧş ƀǿǿẋ]</div>
      <div style="width: 120px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">[Ƈŭŭŧ ǿǿƞ ƥŭŭřƥǿǿşḗḗ ẇīŧħ ȧȧƞ ḗḗŀŀīƥşīş]</div>
    </main>`);
  const findings = await pseudoLocaleFindings(page.locator('main'), 'a made-up page', PERSON_WORDS);
  expect(findings.map((finding) => finding.what)).toEqual([
    'not in a message: "Log in" (Log in)',
    'text out of its box: "[Ȧ ŧḗḗẋŧ ŧǿǿǿǿ ŀǿǿƞɠ ƒǿǿř īŧş ƀǿǿẋ]" in div',
  ]);
});

/** Screenshots of every screen in a language, at both widths, for a person to look at. */
async function screenshotsIn(
  page: Page,
  testInfo: TestInfo,
  locale: string,
  direction: 'ltr' | 'rtl',
  screens: readonly string[],
  prefix: string,
): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of screens) {
      await openScreen(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
      await expectNoSidewaysScroll(page, `${path} in ${locale} at ${viewport.width} px`);
      await page.screenshot({
        path: testInfo.outputPath(`${locale}-${prefix}-${shotName(path, viewport.width)}`),
        fullPage: true,
      });
    }
  }
}

for (const { locale, direction } of [
  { locale: 'ar', direction: 'rtl' },
  { locale: 'zh-CN', direction: 'ltr' },
] as const) {
  test(`every screen in ${locale}, signed out and in, at both widths (screenshots)`, async ({
    page,
    context,
  }, testInfo) => {
    await chooseLanguage(context, locale);
    await screenshotsIn(page, testInfo, locale, direction, SIGNED_OUT_SCREENS, 'out');
    await context.clearCookies();
    const person = await operatorWithData(page);
    expect(person.username).not.toBe('');
    await setAccountLanguage(page, locale);
    await screenshotsIn(page, testInfo, locale, direction, SIGNED_IN_SCREENS, 'in');
  });
}
