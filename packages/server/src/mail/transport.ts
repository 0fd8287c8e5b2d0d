// How mail leaves the store: the two transports that ship with it (the MailTransport policy,
// policies/mail-transport.ts). With SMTP_URL set it goes to that SMTP server; otherwise each message
// is written as an .eml file to an outbox folder (data/outbox by default), which any mail client can
// open, so a demo or development store "sends" mail without a mail server. Both compose the message
// with nodemailer's composer (RFC 5322, multipart/alternative text + HTML, UTF-8 headers encoded),
// so what lands in the folder is byte for byte what would have gone over SMTP.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { isValidEmail } from '@store/core';
import type Mail from 'nodemailer/lib/mailer';
import type { MailMessage, MailTransport } from '../policies/mail-transport.ts';

/** The sender when neither the message nor MAIL_FROM names one (a reserved .example domain). */
export const DEFAULT_FROM = 'Data Depot <no-reply@datadepot.example>';

export interface TransportOptions {
  /** Sender of messages that name none. */
  from?: string;
}

/**
 * The message as nodemailer takes it. The recipient must be one plain address (core isValidEmail, the rule
 * registration and checkout apply): a stored address that slipped past them (or predates them) must not be
 * read by the mailer as a display name, a group or a list that rewrites who the mail goes to. It is handed
 * over as an address object, so nodemailer does not parse it again.
 */
function mailOptions(m: MailMessage, defaultFrom: string): Mail.Options {
  if (!m.to) throw new TypeError('a mail message needs a recipient');
  if (!isValidEmail(m.to)) throw new TypeError('a mail message needs one plain email address as its recipient');
  return {
    from: m.from ?? defaultFrom,
    to: { name: '', address: m.to },
    subject: m.subject,
    text: m.text,
    html: m.html,
  };
}

/**
 * A file name that sorts by creation time (UTC, millisecond, no ':' so it is valid everywhere) and
 * never collides: "2026-11-21T10-00-00.123Z-9f1c2b7a4d3e5f60.eml".
 */
export function emlFileName(now: Date = new Date()): string {
  return `${now.toISOString().replace(/:/g, '-')}-${randomBytes(8).toString('hex')}.eml`;
}

/** Writes each message as one .eml file (CRLF line ends) in `dir`, creating the folder if needed. */
export class FolderTransport implements MailTransport {
  readonly dir: string;
  private readonly from: string;
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(dir: string, opts: TransportOptions = {}) {
    this.dir = path.resolve(dir);
    this.from = opts.from ?? DEFAULT_FROM;
  }

  async send(m: MailMessage): Promise<void> {
    await this.write(m);
  }

  /** `send`, resolving with the path of the file written. */
  async write(m: MailMessage): Promise<string> {
    const info = await this.composer.sendMail(mailOptions(m, this.from));
    const raw = info.message as Buffer;
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, emlFileName());
    // Written under a dot name and renamed, so whoever watches the folder never sees half a message.
    const partial = path.join(this.dir, `.${path.basename(file)}.partial`);
    try {
      await writeFile(partial, raw, { flag: 'wx' });
      await rename(partial, file);
    } catch (e) {
      await rm(partial, { force: true });
      throw e;
    }
    return file;
  }
}

export interface SmtpOptions extends TransportOptions {
  /** Connection, greeting and idle-socket timeout; a stuck server must not hold a send forever. */
  timeoutMs?: number;
}

/**
 * Sends through an SMTP server named by a URL: smtp://user:pass@host:587 (STARTTLS when offered),
 * smtps://host:465 (TLS from the start); URL query options as nodemailer reads them.
 */
export class SmtpTransport implements MailTransport {
  private readonly from: string;
  private readonly mailer: Mail;

  constructor(url: string, opts: SmtpOptions = {}) {
    if (!/^smtps?:\/\//i.test(url)) throw new TypeError('SMTP_URL must be an smtp:// or smtps:// URL');
    const timeout = opts.timeoutMs ?? 30_000;
    this.from = opts.from ?? DEFAULT_FROM;
    this.mailer = nodemailer.createTransport({
      url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(m: MailMessage): Promise<void> {
    const info = await this.mailer.sendMail(mailOptions(m, this.from));
    const rejected = [...(info.rejected ?? [])];
    if (rejected.length) throw new Error(`SMTP server rejected ${rejected.map(String).join(', ')}`);
  }

  close(): void {
    this.mailer.close();
  }
}

/** SMTP when SMTP_URL is set, else the outbox folder MAIL_OUTBOX_DIR (default data/outbox under the cwd); sender MAIL_FROM. */
export function mailTransportFromEnv(env: NodeJS.ProcessEnv = process.env): FolderTransport | SmtpTransport {
  const from = env.MAIL_FROM || DEFAULT_FROM;
  if (env.SMTP_URL) return new SmtpTransport(env.SMTP_URL, { from });
  return new FolderTransport(path.resolve(env.MAIL_OUTBOX_DIR || 'data/outbox'), { from });
}
