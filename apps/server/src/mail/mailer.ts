import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface TMailer {
  send(mail: TMail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to the
 * outbox folder with a log line, so a self-hosted install works with no mail server.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): TMailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
  };
}
