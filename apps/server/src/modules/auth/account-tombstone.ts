/**
 * What a deleted account's row holds instead of the person's (issue 29): the row stays, so
 * the ledger's rows keep their owner and the network's totals hold, but nothing in it names
 * the person or lets anyone in. Each value is one per account (the unique indexes) and one
 * that nobody can take first, or a deletion could be blocked by registering it:
 *
 * - the username `deleted-<id>`: a dash is not allowed in usernames (`usernameField`);
 * - the email `deleted-<id>@invalid`: no address the forms accept (`emailField` wants a
 *   domain with a dot), so the person's own address is free to register again;
 * - the referral code `deleted-<id>`: codes are typed in any case and upper-cased before
 *   they are looked up (`normaliseReferralCode`), so no sign-up can name this one;
 * - a password hash that is no argon2 hash: every password fails against it.
 */
export interface AccountTombstone {
  username: string;
  email: string;
  passwordHash: string;
  referralCode: string;
}

export function accountTombstone(userId: number): AccountTombstone {
  const name = `deleted-${userId}`;
  return {
    username: name,
    email: `${name}@invalid`,
    passwordHash: '!deleted',
    referralCode: name,
  };
}
