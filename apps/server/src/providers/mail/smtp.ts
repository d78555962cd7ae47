import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './index.js';

/** Any SMTP server, configured by `SMTP_URL` (smtp://user:pass@host:port or smtps://…). */
export const createSmtpMailTransport = (smtpUrl: string, from: string): MailTransport => {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    send: async (message: MailMessage) => {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, html: message.html, text: message.text });
    },
    close: async () => transporter.close(),
  };
};
