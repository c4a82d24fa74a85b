import { defineTexts } from '@netpulse/i18n';

/**
 * The envelope texts of the person's data (issue 29): the export of everything the product
 * holds about them (GET /v1/api/account/export) and the deletion of the account
 * (DELETE /v1/api/account). The server says them in the account's language at the edge.
 */
export const ACCOUNT_DATA_MESSAGES = defineTexts('accountDataMessages', {
  /** The deletion's answer: the session that asked is gone with the account. */
  accountDeleted: 'Your account is deleted, and your personal data with it.',
  /** `confirm` is not the username, exactly as it is written (letters' case included). */
  confirmMismatch: 'Type your username exactly as it is written, to confirm',
  /** The password of a deletion is not the account's. */
  passwordWrong: 'This is not your password',
  /** The authenticator app's code of a deletion is wrong or was used already. */
  codeWrong: 'This code is not right, or it was used already',
  /** The recovery code of a deletion is wrong or was used already. */
  recoveryCodeWrong: 'This recovery code is not right, or it was used already',
  /** Two deletions of one account at once: the other one came first. */
  alreadyDeleted: 'This account was deleted already',
  /** One export of the person's data at a time. */
  exportRunning: 'Your data export is still being prepared: wait for it to finish',
});
