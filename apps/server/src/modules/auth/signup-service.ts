/**
 * Sign-up (spec section 7, docs/ARCHITECTURE.md sections 5 and 6). An address that
 * already has an account gets the same answer as a new one, and its owner gets
 * a notice instead of a verification mail, so the form never tells whether an
 * address is registered.
 */
import type { Locale } from '@netpulse/i18n';
import { SERVER_MESSAGES, VALIDATION, type RegisterRequest } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';
import { badRequest } from '../../lib/http-error.ts';
import { newReferralCode } from '../../lib/random-codes.ts';
import { sendSafely } from '../../providers/mail/send-safely.ts';
import { mailContextOf, signupAttemptMail } from '../../providers/mail/templates.ts';
import { isOpenInvite, takeInviteUse } from '../invites/index.ts';
import type { AuthContext } from './auth-context.ts';
import { createVerificationToken, sendVerificationMail } from './email-verification-service.ts';
import { requireAcceptablePassword } from './new-password.ts';
import { hashPassword } from './passwords.ts';
import {
  findUserByEmail,
  findUserIdByReferralCode,
  insertUser,
  isCodeInUse,
  isUsernameTaken,
} from './users-repository.ts';
import { inTransaction } from '../../db/transaction.ts';

export type SignUpInput = Pick<
  RegisterRequest,
  'email' | 'username' | 'password' | 'referralCode'
> & {
  /** The language of the sign-up's request: the account's from then on, and its mails'. */
  locale: Locale;
};

/** How the newcomer got in: a user's referral code or an admin invite. */
type Referral = { kind: 'user'; referrerId: number } | { kind: 'invite'; code: string };

const unknownCode = () =>
  badRequest(VALIDATION.inviteCodeUnknown, { referralCode: [VALIDATION.inviteCodeUnknown] });
const usernameTaken = () =>
  badRequest(SERVER_MESSAGES.usernameTaken, { username: [SERVER_MESSAGES.usernameTaken] });

/** Codes are shown and stored in upper case; people may type them in any case. */
export function normaliseReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

async function resolveReferral(db: Queryable, code: string): Promise<Referral> {
  const referrerId = await findUserIdByReferralCode(db, code);
  if (referrerId !== null) return { kind: 'user', referrerId };
  if (await isOpenInvite(db, code)) return { kind: 'invite', code };
  throw unknownCode();
}

/** A referral code no user and no invite has yet. */
async function unusedReferralCode(db: Queryable): Promise<string> {
  for (;;) {
    const code = newReferralCode();
    if (!(await isCodeInUse(db, code))) return code;
  }
}

const MAX_CODE_COLLISION_RETRIES = 3;

/** Creates the account and its verification token in one transaction; null when the email is taken. */
async function createAccount(
  context: AuthContext,
  input: SignUpInput & { passwordHash: string; referral: Referral },
): Promise<{ token: string } | null> {
  const now = context.clock.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction(context.db, async (tx) => {
        const inviteId =
          input.referral.kind === 'invite' ? await takeInviteUse(tx, input.referral.code) : null;
        // The invite's last use went to a concurrent sign-up.
        if (input.referral.kind === 'invite' && inviteId === null) throw unknownCode();
        const userId = await insertUser(tx, {
          email: input.email,
          username: input.username,
          passwordHash: input.passwordHash,
          referralCode: await unusedReferralCode(tx),
          referredByUserId: input.referral.kind === 'user' ? input.referral.referrerId : null,
          inviteId,
          createdAt: now,
          locale: input.locale,
        });
        return { token: await createVerificationToken(tx, userId, now) };
      });
    } catch (error) {
      // A concurrent sign-up won a unique index; the transaction rolled back (the invite use too).
      switch (violatedUniqueIndex(error)) {
        case 'users_email_unique':
          return null;
        case 'users_username_unique':
          throw usernameTaken();
        case 'users_referral_code_unique':
          if (attempt < MAX_CODE_COLLISION_RETRIES) continue;
      }
      throw error;
    }
  }
}

export async function signUp(context: AuthContext, input: SignUpInput): Promise<void> {
  // First: it reads nothing, so the answer tells nothing about the code or the names.
  requireAcceptablePassword(input.password, input, 'password');
  const referral = await resolveReferral(context.db, normaliseReferralCode(input.referralCode));
  if (await isUsernameTaken(context.db, input.username)) throw usernameTaken();
  // Hashed before the address is looked up, so both outcomes take as long.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(context.db, input.email);
  const created = existing
    ? null
    : await createAccount(context, { ...input, passwordHash, referral });
  if (created) {
    sendVerificationMail(context, { email: input.email, locale: input.locale }, created.token);
  } else {
    void sendSafely(
      context.mailer,
      context.log,
      signupAttemptMail(
        mailContextOf(context.config, existing?.locale ?? input.locale),
        existing?.email ?? input.email,
      ),
    );
  }
}
