/** Why a mail is sent; it names the .eml file and the log lines, never the content. */
export type MailPurpose =
  | 'verify-email'
  | 'reset-password'
  | 'signup-attempt'
  | 'already-verified'
  /** What happened to the account's security (security-mails.ts). */
  | 'security-notice'
  /** The link that confirms a new address, sent to it (email-change-mails.ts). */
  | 'email-change-confirm'
  /** The link that undoes an email change, sent to the old address. */
  | 'email-change-undo';

/** A mail ready to send; `link` is the one action it carries (it holds a token: never logged). */
export interface MailMessage {
  purpose: MailPurpose;
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
