import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../env.server';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

let transport: Transporter | undefined;

function smtp(url: string): Transporter {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

/** The folder that holds one `.eml` file per message when no SMTP server is configured. */
export function outboxDir(): string {
  return path.join(env().dataDir, 'outbox');
}

/**
 * The outbox folder already made private by this process. Messages hold reset links and guests'
 * confirmation links: only the server's user may read them (files 0600, the folder 0700).
 */
let closedOutbox: string | undefined;

/**
 * Sends one message: through SMTP when `SMTP_URL` is set, else as an `.eml` file in
 * `$DATA_DIR/outbox/`. Throws when the message could not be handed over.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const config = env();
  const mail = { from: config.MAIL_FROM, ...message };
  if (config.SMTP_URL) {
    await smtp(config.SMTP_URL).sendMail(mail);
    return;
  }
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail(mail);
  const dir = outboxDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // A folder made before this rule (or by another tool) is closed too, once per process.
  if (closedOutbox !== dir) {
    await chmod(dir, 0o700);
    closedOutbox = dir;
  }
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
  await writeFile(path.join(dir, name), built.message as Buffer, { mode: 0o600, flag: 'wx' });
}
