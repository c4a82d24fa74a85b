/**
 * An admin for a test, made as an operator makes one: a person, then the CLI's `user role`,
 * with an authenticator app on, as the console asks of an admin (ADMIN_REQUIRE_2FA).
 */
import { expect } from 'vitest';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { signedInPerson, type SignedIn } from './auth-flow.ts';
import { userIdOf } from './points.ts';
import type { TestApp } from './test-app.ts';
import { turnOnTotp, type TotpOn } from './two-factor.ts';

export async function signedInAdmin(
  t: TestApp,
  options: { secondFactor?: boolean } = {},
): Promise<SignedIn & { id: number; totp: TotpOn | null }> {
  const person = await signedInPerson(t);
  const made = await runAdminCommand(
    t.database.db,
    ['user', 'role', person.username, 'admin'],
    t.clock.now(),
  );
  expect(made, made.stderr).toMatchObject({ exitCode: 0 });
  const totp = options.secondFactor === false ? null : await turnOnTotp(t, person);
  return { ...person, id: await userIdOf(t, person), totp };
}

/** A call to the console's API (/v1/admin) as `person`, with `payload` as its JSON body. */
export function consoleCall(
  t: TestApp,
  person: Pick<SignedIn, 'accessToken'>,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/v1/admin${url}`,
    headers: { authorization: `Bearer ${person.accessToken}` },
    ...(payload ? { payload } : {}),
  });
}
