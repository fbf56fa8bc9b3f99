import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: SMTP when SMTP_URL is set, otherwise into the outbox table developers can read. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

export function outboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outbox).values(message);
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
