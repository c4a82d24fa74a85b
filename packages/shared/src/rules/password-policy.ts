import { VALIDATION } from '../messages.ts';

/**
 * The rules of a new password that need no list (docs/decisions/028-password-policy.md),
 * so the forms can check them as the person types. The list of the most common
 * passwords is checked by the server alone: it would weigh on the browser bundle.
 */

/** Whose password it is: the names the password must not contain. */
export interface PasswordOwner {
  username?: string;
  email?: string;
}

/** Names shorter than this are left out of the name rule: "jo" would refuse too much. */
const SHORTEST_NAME_CHECKED = 3;

/**
 * True when the password is one character repeated (`aaaaaaaa`) or one run of
 * consecutive characters up or down (`12345678`, `abcdefgh`, `87654321`), in any
 * case: the first guesses of anyone, which the common-password list leaves out.
 */
export function isRepeatedOrSequential(password: string): boolean {
  const codes = Array.from(password.toLowerCase(), (char) => char.codePointAt(0) ?? 0);
  if (codes.length < 2) return false;
  const step = codes[1]! - codes[0]!;
  if (Math.abs(step) > 1) return false;
  return codes.every((code, index) => index === 0 || code - codes[index - 1]! === step);
}

/** The part of an address before its last @, or '' while it has none. */
function localPartOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? email.slice(0, at) : '';
}

/**
 * The message when the password contains the owner's username or the name of
 * their email address (before the @), in any case; undefined when it contains neither.
 */
export function accountNameInPassword(password: string, owner: PasswordOwner): string | undefined {
  const lowered = password.toLowerCase();
  const contains = (name: string) =>
    name.length >= SHORTEST_NAME_CHECKED && lowered.includes(name.toLowerCase());
  if (owner.username !== undefined && contains(owner.username)) {
    return VALIDATION.newPasswordHasUsername;
  }
  if (owner.email !== undefined && contains(localPartOf(owner.email))) {
    return VALIDATION.newPasswordHasEmail;
  }
  return undefined;
}
