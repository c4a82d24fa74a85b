/**
 * The account a person owns (issue 29), at 1440 and 390 px: two-factor sign-in with an
 * authenticator app (the code computed from the secret the screen shows) and its recovery
 * codes, a passkey made by Chromium's virtual authenticator and a sign-in with it without a
 * username, the password change and the sessions list signing another browser out, the email
 * change through both of its mails, and the data's export and the account's deletion.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@netpulse/shared';
import { Secret, TOTP } from 'otpauth';
import { EMAIL_CONFIRM_LINK, EMAIL_UNDO_LINK, linkFromMail } from './support/mailbox.ts';
import {
  expectToast,
  logIn,
  logOut,
  newPerson,
  register,
  signedInPerson,
  type Person,
} from './support/flows.ts';
import { VIEWPORTS } from './support/sweep-screens.ts';

// Each test signs a person up through the pages, as the other specs do.
test.describe.configure({ timeout: 180_000 });

/** The Account screen, reached as a person reaches it: from the account menu in the header. */
async function openSettings(page: Page, person: Person): Promise<void> {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: new RegExp(person.username) }).click();
  await header.getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
}

/** The codes an authenticator app shows for `secret` (RFC 6238: SHA-1, 6 digits, 30 s). */
function authenticatorFor(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

/**
 * The app's code of the next 30-second step: the server accepts a step either side of its own,
 * and a code once, so the step after the one that turned two-factor on signs in without
 * waiting for the clock.
 */
const nextCode = (app: TOTP) => app.generate({ timestamp: Date.now() + 30_000 });

/** Whether a page holds a session: its stored access token. */
const storedToken = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);

/** A browser of its own (no shared cookies or storage) at the same width. */
async function otherBrowser(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('an authenticator app: set up from the shown secret, then a sign-in asks for its code, and a recovery code works once', async ({
      page,
    }) => {
      const person = await signedInPerson(page, 'totp');
      await openSettings(page, person);
      await page.getByTestId('settings-totp').getByRole('button', { name: 'Set up' }).click();

      const setup = page.getByTestId('totp-setup-dialog');
      await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
      const secret = (await setup.getByTestId('totp-secret').textContent())?.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      const app = authenticatorFor(secret ?? '');
      await setup.getByLabel('Then enter the 6-digit code the app shows').fill(app.generate());
      await setup.getByRole('button', { name: 'Turn on' }).click();

      // Ten recovery codes, shown once, downloadable as a text file.
      await expect(setup.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
      const codes = await setup.getByTestId('recovery-code-list').locator('li').allTextContents();
      expect(codes).toHaveLength(10);
      const downloading = page.waitForEvent('download');
      await setup.getByRole('button', { name: 'Download' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/recovery-codes\.txt$/);
      const file = await readFile(await download.path(), 'utf8');
      for (const code of codes) expect(file.split('\n')).toContain(code);
      await expect(setup.getByRole('button', { name: 'Done' })).toBeDisabled();
      await setup.getByLabel('I saved my recovery codes').check();
      await setup.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('totp-on')).toBeVisible();
      await expect(page.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left.');

      // The password alone no longer signs in: a second step asks for the app's code.
      await logOut(page, person);
      await logIn(page, person.username, person.password);
      await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
      expect(await storedToken(page)).toBeNull();
      // A wrong code is said under the field, and the step stays: the challenge takes five.
      const codeField = page.getByLabel('6-digit code', { exact: true });
      await codeField.fill(nextCode(app) === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('That code is not right').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
      await codeField.fill(nextCode(app));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectToast(page, 'Logged in successfully!');

      // A recovery code instead of the app, once.
      await logOut(page, person);
      await logIn(page, person.username, person.password);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code', { exact: true }).fill(codes[0] ?? '');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await openSettings(page, person);
      await expect(page.getByTestId('recovery-codes-left')).toHaveText('9 recovery codes left.');

      // The same recovery code a second time is refused.
      await logOut(page, person);
      await logIn(page, person.username, person.password);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code', { exact: true }).fill(codes[0] ?? '');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(
        page.locator('[aria-invalid="true"], [data-sonner-toast][data-type="error"]').first(),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      expect(await storedToken(page)).toBeNull();
    });

    test('a passkey made by the browser signs in without a username', async ({ page }) => {
      // Chromium's virtual authenticator: a platform authenticator that holds discoverable
      // credentials and verifies its user at once.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        },
      });

      const person = await signedInPerson(page, 'passkey');
      await openSettings(page, person);
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const add = page.getByTestId('add-passkey-dialog');
      await add.getByLabel('Name', { exact: true }).fill('Test laptop');
      await add.getByRole('button', { name: 'Add passkey' }).click();
      await expectToast(page, 'Passkey “Test laptop” added.');
      const passkeys = page.getByTestId('passkey');
      await expect(passkeys).toHaveCount(1);
      await expect(passkeys.first()).toContainText('Test laptop');
      await expect(passkeys.first()).toContainText('Not used yet');

      await logOut(page, person);
      // A fresh /login, its form's code not loaded yet: the press is the first interaction,
      // and it signs in all the same (early-form-use.ts).
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(
        page.getByRole('button', { name: `${person.username}, account menu` }),
      ).toBeVisible();

      // Used, renamed, then removed: it signs in no more.
      await openSettings(page, person);
      await expect(passkeys.first()).toContainText('Last used');
      await passkeys.first().getByRole('button', { name: 'Rename' }).click();
      const rename = page.getByTestId('rename-passkey-dialog');
      await rename.getByLabel('Name', { exact: true }).fill('Old laptop');
      await rename.getByRole('button', { name: 'Save' }).click();
      await expect(passkeys.first()).toContainText('Old laptop');
      await passkeys.first().getByRole('button', { name: 'Remove' }).click();
      await page
        .getByTestId('remove-passkey-dialog')
        .getByRole('button', { name: 'Remove passkey' })
        .click();
      await expect(passkeys).toHaveCount(0);
      await logOut(page, person);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.locator('[data-sonner-toast][data-type="error"]').first()).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('the sessions list signs another browser out, and a new password signs out every other', async ({
      page,
      browser,
    }) => {
      const person = await signedInPerson(page, 'sessions');
      const other = await otherBrowser(browser, viewport);
      try {
        await logIn(other.page, person.username, person.password);
        await expect(other.page).toHaveURL(/\/dashboard$/);

        await openSettings(page, person);
        const sessions = page.getByTestId('session');
        await expect(sessions).toHaveCount(2);
        const here = sessions.filter({ hasText: 'This browser' });
        await expect(here).toHaveCount(1);
        // A network, never an address.
        await expect(here).toContainText(/Network \S+\/\d+/);
        await sessions
          .filter({ hasNotText: 'This browser' })
          .getByRole('button', { name: 'Sign out' })
          .click();
        await expectToast(page, 'That browser is signed out.');
        await expect(sessions).toHaveCount(1);
        await other.page.goto('/dashboard');
        await expect(other.page).toHaveURL(/\/login$/);

        // The other browser again; a new password here signs it out, and this one stays.
        await logIn(other.page, person.username, person.password);
        await expect(other.page).toHaveURL(/\/dashboard$/);
        await page.reload();
        await expect(sessions).toHaveCount(2);
        await page
          .getByTestId('settings-password')
          .getByRole('button', { name: 'Change password' })
          .click();
        const change = page.getByTestId('change-password-dialog');
        await change.getByLabel('Current password', { exact: true }).fill(person.password);
        await change.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
        await change.getByLabel('Confirm new password', { exact: true }).fill('a-brand-new-secret');
        await change.getByRole('button', { name: 'Change password' }).click();
        await expectToast(page, 'Every other browser was signed out');
        await other.page.goto('/dashboard');
        await expect(other.page).toHaveURL(/\/login$/);
        await page.reload();
        await expect(
          page.getByRole('heading', { level: 1, name: 'Account settings' }),
        ).toBeVisible();
        await expect(sessions).toHaveCount(1);

        // The old password is gone; the new one signs in.
        await logIn(other.page, person.username, person.password);
        await expectToast(other.page, 'Invalid email/username or password');
        await logIn(other.page, person.username, 'a-brand-new-secret');
        await expect(other.page).toHaveURL(/\/dashboard$/);

        // Signing out this browser's own session from the list signs it out here.
        await page.reload();
        await sessions
          .filter({ hasText: 'This browser' })
          .getByRole('button', { name: 'Sign out' })
          .click();
        await expect(page).toHaveURL(/\/login$/);
        expect(await storedToken(page)).toBeNull();
      } finally {
        await other.context.close();
      }
    });

    test('an email change: the new address confirms it, the old one can undo it', async ({
      page,
    }) => {
      const person = await signedInPerson(page, 'email');
      const newEmail = `new_${person.email}`;
      await openSettings(page, person);
      await page
        .getByTestId('settings-email')
        .getByRole('button', { name: 'Change email' })
        .click();
      const change = page.getByTestId('change-email-dialog');
      await change.getByLabel('New email address', { exact: true }).fill(newEmail);
      await change.getByLabel('Current password', { exact: true }).fill(person.password);
      await change.getByRole('button', { name: 'Send the link' }).click();
      await expect(change.getByTestId('email-link-sent')).toContainText(newEmail);
      await change.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByTestId('pending-email')).toContainText(newEmail);

      // The mail to the new address confirms it.
      await page.goto(await linkFromMail(newEmail, EMAIL_CONFIRM_LINK));
      await expect(page.getByRole('heading', { name: 'Email address changed' })).toBeVisible();
      await page.goto('/settings');
      await expect(page.getByTestId('settings-email')).toContainText(newEmail);
      await expect(page.getByTestId('pending-email')).toHaveCount(0);

      // The mail to the old address undoes it, signs every browser out, and leads to a reset.
      await page.goto(await linkFromMail(person.email, EMAIL_UNDO_LINK));
      await expect(page.getByRole('heading', { name: 'Email change undone' })).toBeVisible();
      await page.getByRole('link', { name: 'Reset your password' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login$/);
      await logIn(page, person.email, person.password);
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test('the data comes out as one JSON file, and the account is deleted for good', async ({
      page,
    }) => {
      const person = await signedInPerson(page, 'erase');
      await openSettings(page, person);
      const downloading = page.waitForEvent('download');
      await page.getByTestId('export-account-data').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.json$/);
      const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
        profile?: { username?: string; email?: string };
      };
      expect(exported.profile?.username).toBe(person.username);
      expect(exported.profile?.email).toBe(person.email);

      await page
        .getByTestId('settings-data')
        .getByRole('button', { name: 'Delete my account' })
        .click();
      const dialog = page.getByTestId('delete-account-dialog');
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      await dialog
        .getByLabel(`Type ${person.username} to confirm`)
        .fill(person.username.toUpperCase());
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(`Type ${person.username} to confirm`).fill(person.username);
      await dialog.getByLabel('Password', { exact: true }).fill(person.password);
      await confirm.click();
      await expectToast(page, 'Your account was deleted');
      await expect(page).toHaveURL(/\/login$/);
      expect(await storedToken(page)).toBeNull();

      // Gone: the password signs nothing in, and the address can sign up again.
      await logIn(page, person.username, person.password);
      await expectToast(page, 'Invalid email/username or password');
      await register(page, { ...newPerson('again'), email: person.email });
    });
  });
}
