/**
 * Issue 27's sweep: every screen and dialog, signed out and signed in (as an operator, who
 * sees the console too), at 1440 and 390 px. On each: every visible time in the one style,
 * no `true`/`false`, snake_case identifier or doubled word, nothing wider than its
 * container, axe clean, and a screenshot in the test's output folder to be looked at.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { admin } from './support/admin.ts';
import { waitForQuietNetwork } from './support/quiet-network.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { PERSON_WORDS, signedInPerson } from './support/flows.ts';
import {
  expectNoSidewaysScroll,
  sweepFindings,
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

/** The dialogs a screen opens, each by the button that opens it. */
const DIALOGS: DialogOpener[] = [
  { screen: '/quests', opener: (page) => page.getByRole('button', { name: /milestones/i }) },
  { screen: '/nodes', opener: (page) => page.getByRole('button', { name: /^rename/i }).first() },
  { screen: '/nodes', opener: (page) => page.getByRole('button', { name: /^remove/i }).first() },
  {
    screen: '/dashboard',
    reveal: 'network-statistics',
    opener: (page) => page.getByRole('button', { name: /^receipt of/i }).first(),
  },
  {
    screen: '/admin/invites',
    opener: (page) => page.getByRole('button', { name: /^revoke /i }).first(),
  },
  { screen: '/admin/cycles', opener: (page) => page.getByRole('button', { name: /^start /i }) },
];

// A sign-up, a speed test and, per screen and width, axe's settled analyses and a screenshot.
test.describe.configure({ timeout: 600_000 });

async function sweepScreen(
  page: Page,
  testInfo: TestInfo,
  where: string,
  width: number,
  ownWords: readonly (string | RegExp)[],
): Promise<SweepFinding[]> {
  const label = `${where} at ${width} px`;
  await expectNoSidewaysScroll(page, label);
  await expectNoSeriousA11yViolations(page, label);
  await page.screenshot({ path: testInfo.outputPath(shotName(where, width)), fullPage: true });
  return sweepFindings(page.locator('body'), label, ownWords);
}

async function sweepDialogs(
  page: Page,
  testInfo: TestInfo,
  dialogs: readonly DialogOpener[],
  width: number,
  ownWords: readonly (string | RegExp)[],
): Promise<SweepFinding[]> {
  return checkEachDialog(page, dialogs, async (dialog, screen) => {
    const title = (await dialog.getByRole('heading').first().textContent()) ?? 'dialog';
    const where = `${screen} "${title.trim()}"`;
    await expectNoSeriousA11yViolations(page, `${where} at ${width} px`);
    await dialog.screenshot({ path: testInfo.outputPath(shotName(`${where}-dialog`, width)) });
    return sweepFindings(dialog, `${where} at ${width} px`, ownWords);
  });
}

test('signed out: every screen in the one time style, without developer text or overflow', async ({
  page,
}, testInfo) => {
  const findings: SweepFinding[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of SIGNED_OUT_SCREENS) {
      await openScreen(page, path);
      findings.push(...(await sweepScreen(page, testInfo, path, viewport.width, [])));
    }
  }
  expect(findings).toEqual([]);
});

test('signed in as an operator: every screen and dialog in the one time style, without developer text or overflow', async ({
  page,
}, testInfo) => {
  const person = await signedInPerson(page, 'sweep');
  admin('user', 'role', person.username, 'admin');
  // Something to show on every screen: a claim, a node with a test and its receipt, an invite.
  await page.reload();
  await page.getByTestId('daily-claim-button').click();
  await expect(page.getByTestId('daily-claim-button')).toHaveAttribute('data-state', 'locked');
  await page.goto('/nodes');
  await page.getByRole('button', { name: 'Run a speed test in this browser' }).click();
  await expect(page.getByTestId('browser-speedtest-result')).toBeVisible({ timeout: 45_000 });
  admin('invite');
  const ownWords = [person.username, person.email, ...PERSON_WORDS];

  const findings: SweepFinding[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of SIGNED_IN_SCREENS) {
      await openScreen(page, path);
      findings.push(...(await sweepScreen(page, testInfo, path, viewport.width, ownWords)));
    }
    await openScreen(page, '/admin/users');
    await page.getByRole('link', { name: person.username }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: person.username })).toBeVisible();
    await waitForQuietNetwork(page);
    findings.push(
      ...(await sweepScreen(page, testInfo, '/admin/users/:id', viewport.width, ownWords)),
    );
    const userPage = new URL(page.url()).pathname;
    const userDialogs: DialogOpener[] = [
      { screen: userPage, opener: (page) => page.getByRole('button', { name: /^ban/i }).first() },
    ];
    findings.push(
      ...(await sweepDialogs(
        page,
        testInfo,
        [...DIALOGS, ...userDialogs],
        viewport.width,
        ownWords,
      )),
    );
  }
  expect(findings).toEqual([]);
});

test('the sweep finds what it looks for: a foreign time, developer text, a wide element', async ({
  page,
}) => {
  await page.setContent(`
    <main style="width: 300px">
      <p>Claimed on 25/11/2026</p>
      <p><time datetime="2026-11-25T12:57:12.180Z">2026-11-25T12:57:12.180Z</time></p>
      <p>Unique IP True 2x</p>
      <p>x_name_verify_time -</p>
      <p>created with with 1 use</p>
      <div style="width: 600px">wide</div>
      <p>2026-11-25 12:49 and 3/16 quests by sweep_me and ada_x9ekv48@example.com</p>
    </main>`);
  const findings = await sweepFindings(page.locator('main'), 'a made-up page', [
    'sweep_me',
    ...PERSON_WORDS,
  ]);
  expect(findings.map((finding) => finding.what)).toEqual([
    'a time reads "2026-11-25T12:57:12.180Z"',
    'a time in another style: "Claimed on 25/11/2026"',
    'a time in another style: "2026-11-25T12:57:12.180Z"',
    'a boolean: "Unique IP True 2x"',
    'a snake_case identifier: "x_name_verify_time -"',
    'a doubled word: "created with with 1 use"',
    'wider than its container: div "wide" passes main "Claimed on 25/11/2026 2026-11-25T12:57:1"',
  ]);
});

test('the accessibility check finds what it looks for: faint text, an image without a name', async ({
  page,
}) => {
  await page.setContent(`
    <main>
      <h1>A made-up page</h1>
      <button style="color: #eeeeee; background: #ffffff">Faint</button>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">
    </main>`);
  const failure = await expectNoSeriousA11yViolations(page, 'a made-up page').then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  expect(failure).toMatch(/color-contrast/);
  expect(failure).toMatch(/image-alt/);
});
