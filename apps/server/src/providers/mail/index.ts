export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where an answer goes (a host's address on a support message); absent: the sender. */
  replyTo?: string;
}

/** The small interface every e-mail provider implements. */
export interface MailTransport {
  readonly name: string;
  /** E-mail is off (MAIL_TRANSPORT=none): messages are recorded as dropped, never handed to `send`. */
  readonly drops?: boolean;
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
