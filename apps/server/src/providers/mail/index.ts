export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The small interface every e-mail provider implements. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
