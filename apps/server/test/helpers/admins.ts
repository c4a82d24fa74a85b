/** An admin for a test, made as an operator makes one: a person, then the CLI's `user role`. */
import { expect } from 'vitest';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { signedInPerson, type SignedIn } from './auth-flow.ts';
import { userIdOf } from './points.ts';
import type { TestApp } from './test-app.ts';

export async function signedInAdmin(t: TestApp): Promise<SignedIn & { id: number }> {
  const person = await signedInPerson(t);
  const made = await runAdminCommand(
    t.database.db,
    ['user', 'role', person.username, 'admin'],
    t.clock.now(),
  );
  expect(made, made.stderr).toMatchObject({ exitCode: 0 });
  return { ...person, id: await userIdOf(t, person) };
}
