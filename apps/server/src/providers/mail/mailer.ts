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
  | 'email-change-undo'
  /** A notice of the notifications' mail channel (notice-mails.ts). */
  | 'notice'
  /** The day's notices in one mail, for people who chose the digest. */
  | 'notice-digest';

/** A mail ready to send; `link` is the one action it carries (it holds a token: never logged). */
export interface MailMessage {
  purpose: MailPurpose;
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  /**
   * The Message-ID, `<...@host>`, when the mail has one of its own: a notice's names its
   * delivery, so a mail sent again after a crash is the same message to the receiver.
   */
  messageId?: string;
  /**
   * The one-click unsubscribe address (RFC 8058): sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
