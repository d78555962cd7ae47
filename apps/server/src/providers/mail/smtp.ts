import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './index.js';

/** Any SMTP server, configured by `SMTP_URL` (smtp://user:pass@host:port or smtps://…). */
export const createSmtpMailTransport = (smtpUrl: string, from: string): MailTransport => {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // Reused connections: a new TLS handshake per message would cap a message round at a few dozen a second.
    pool: true,
    maxConnections: 16,
    maxMessages: 500,
    // Nodemailer waits up to 10 minutes on a silent socket; a stuck attempt must fail well before the
    // mail job expires (120 s), or it could not tell "refused" from "maybe sent".
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    name: 'smtp',
    send: async (message: MailMessage) => {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    },
    close: async () => transporter.close(),
  };
};
