// How mail leaves the store: the interface the mail outbox sends through. The implementations that
// ship with the store (SMTP, and .eml files in an outbox folder) live in mail/transport.ts.

export interface MailMessage {
  /** One plain address (core isValidEmail); the transports refuse anything else. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Defaults to the transport's sender (MAIL_FROM). */
  from?: string;
}

/**
 * The mail transport: where a composed message goes. By default `mailTransportFromEnv()` in
 * mail/transport.ts picks SMTP (SMTP_URL) or the outbox folder (MAIL_OUTBOX_DIR, else data/outbox).
 * A send that throws is retried later by the outbox.
 *
 * @example A transport that hands messages to an HTTP mail API:
 * ```ts
 * const httpMail: MailTransport = {
 *   async send(m) {
 *     const res = await fetch('https://mail.example/v1/send', { method: 'POST', body: JSON.stringify(m) });
 *     if (!res.ok) throw new Error(`mail API answered ${res.status}`);
 *   },
 * };
 * createServices(db, { mailTransport: httpMail });
 * ```
 */
export interface MailTransport {
  send(m: MailMessage): Promise<void>;
}
