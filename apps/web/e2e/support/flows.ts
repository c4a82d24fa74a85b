/** The steps a person takes, reused by the specs: solve the captcha, register, verify, log in. */
import { TOKEN_STORAGE_KEY } from '@netpulse/shared';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { newInvite } from './admin.ts';
import { linkFromMail, VERIFY_LINK } from './mailbox.ts';

let counter = 0;

/** A person nobody has registered yet in this run. */
export function newPerson(prefix = 'user') {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  const username = `${prefix}_${tag}`.slice(0, 20);
  return { username, email: `${username}@example.com`, password: 'correct-horse' };
}
export type Person = ReturnType<typeof newPerson>;

/**
 * The usernames and addresses `newPerson` makes (`prefix_tag`, the tag ending in a counter),
 * and those a deleted account keeps in the console (`deleted-<id>`, `deleted-<id>@invalid`:
 * the account spec deletes one), for checks that must tell people's own words from the
 * product's.
 */
export const PERSON_WORDS = [
  /\b[a-z0-9]+_(?=[a-z0-9]*\d)[a-z0-9]{5,}(@example\.com)?\b/g,
  /\bdeleted-\d+(@invalid)?(?![\w-])/g,
];

/** Ticks the ALTCHA checkbox and waits until the widget has solved its proof of work. */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  await widget.getByRole('checkbox').click();
  await expect(widget.locator('input[name="captchaResponse"]')).not.toHaveValue('', {
    timeout: 20_000,
  });
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** Opens `/register?ref=CODE`, fills the whole form, solves the captcha and submits. */
export async function submitRegistration(page: Page, person: Person, inviteCode: string) {
  await page.goto(`/register?ref=${inviteCode}`);
  await expect(page.locator('input[name="referralCode"]')).toHaveValue(inviteCode);
  await page.locator('input[name="email"]').fill(person.email);
  await page.locator('input[name="username"]').fill(person.username);
  await page.locator('input[name="password"]').fill(person.password);
  await page.locator('input[name="confirmPassword"]').fill(person.password);
  await page.locator('input[name="privacyPolicy"]').check();
  await solveCaptcha(page);
  await page.getByRole('button', { name: /sign up|register|create account/i }).click();
}

/** Registers through `/register?ref=CODE` as the first user would, from the printed URL. */
export async function register(page: Page, person: Person, inviteCode = newInvite()) {
  await submitRegistration(page, person, inviteCode);
  // "Check your inbox" names the address the link went to (docs/decisions/033).
  await expect(page).toHaveURL(/\/check-inbox$/);
  await expect(page.getByTestId('inbox-address')).toHaveText(person.email);
}

/** Opens the verification link from the mail and waits for the app to take the person to `/`. */
export async function verifyFromMail(page: Page, person: Person): Promise<void> {
  await page.goto(await linkFromMail(person.email, VERIFY_LINK));
  await expectToast(page, 'You have successfully verified your account.');
  await expect(page).toHaveURL(/\/$/);
}

export async function logIn(page: Page, emailOrUsername: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="emailOrUsername"]').fill(emailOrUsername);
  await page.locator('input[name="password"]').fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs out from the account menu in the header, and lands on /login. */
export async function logOut(page: Page, person: Person): Promise<void> {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: new RegExp(person.username) }).click();
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * A person who signed up and followed the mail's link, not signed in here: signed up and
 * verified through the API the web app calls, as in another tab. The screens of those steps
 * have their own spec (auth.spec.ts); through them, each of a run's forty sign-ups cost 6 to
 * 8 s of a browser test that is about something else.
 */
export async function verifiedPerson(page: Page, prefix = 'user'): Promise<Person> {
  const person = newPerson(prefix);
  const api = page.request;
  await expectOk(
    api.post('/v1/api/auth/signup', {
      data: {
        email: person.email,
        username: person.username,
        password: person.password,
        confirmPassword: person.password,
        referralCode: newInvite(),
        privacyPolicy: true,
        captchaResponse: await solvedCaptcha(api),
      },
    }),
  );
  const verification = await linkFromMail(person.email, VERIFY_LINK);
  await expectOk(api.get(`/v1/api/auth${verification}`));
  return person;
}

/** A verified person, signed in on the dashboard (logged in through the API, as verifiedPerson). */
export async function signedInPerson(page: Page, prefix = 'user'): Promise<Person> {
  const person = await verifiedPerson(page, prefix);
  const login = await expectOk(
    page.request.post('/v1/api/auth/login', {
      data: {
        emailOrUsername: person.username,
        password: person.password,
        captchaResponse: await solvedCaptcha(page.request),
      },
    }),
  );
  // The refresh cookie is the context's already; the access token goes where the app keeps it.
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  await page.goto('/v1/health');
  await page.evaluate(({ key, token }) => localStorage.setItem(key, token), {
    key: TOKEN_STORAGE_KEY,
    token: accessToken,
  });
  await page.goto('/dashboard');
  await expect(
    page.getByRole('banner').getByRole('button', { name: new RegExp(person.username) }),
  ).toBeVisible();
  return person;
}

/** A solved ALTCHA challenge, as the widget sends it: base64 JSON of the challenge and its solution. */
async function solvedCaptcha(api: APIRequestContext): Promise<string> {
  const { parameters, signature } = (await (
    await expectOk(api.get('/v1/api/captcha/challenge'))
  ).json()) as Challenge;
  const challenge = { parameters, signature };
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The answer of a call that must succeed; its body is the failure's message otherwise. */
async function expectOk(call: Promise<APIResponse>): Promise<APIResponse> {
  const response = await call;
  if (!response.ok())
    throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return response;
}
