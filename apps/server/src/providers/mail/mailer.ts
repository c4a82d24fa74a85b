/** A mail ready to send; `link` is the one action it carries, logged when mail goes to files. */
export interface MailMessage {
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
