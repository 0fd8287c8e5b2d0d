// The mail outbox: mail an action sends (an order confirmation) is written as a row in the same
// transaction as the action, so it exists exactly when the order does, and is sent afterwards by
// whichever server process gets to it first. Sending is at least once: a process that crashes
// between the SMTP server's acceptance and marking the row Sent will have it sent again later.
//
// Claims: a row is due when it is Pending and its lease_until has come. A process claims it by
// moving lease_until into the future with an UPDATE guarded by the lease_until it read; of several
// processes reading the same row, exactly one such update matches. lease_until then doubles as the
// retry time after a failure. Timestamps are ISO-8601 UTC text of one fixed width, so comparing them
// as strings compares instants, the same on SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { randomRecordId } from '../domain/record-ids.ts';
import type { MailMessage, MailTransport } from '../policies/mail-transport.ts';

/** Record id prefix of outbox rows. */
export const MAIL_OUTBOX_ID_PREFIX = '0Ml';
/** A message is given up (status Failed) after this many failed sends. */
export const MAX_ATTEMPTS = 5;
/** Wait after the 1st, 2nd, 3rd and 4th failure before the next try: 1 min, 5 min, 30 min, 2 h. */
export const RETRY_BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000] as const;
/**
 * How long a claim lasts. Longer than a send can take (the SMTP transport times out after 30 s of
 * silence), so a live sender is not overtaken; a crashed one's messages are retried after it.
 */
export const LEASE_MS = 5 * 60_000;
/** last_error is kept short. */
const MAX_ERROR_LENGTH = 1000;

export type MailOutboxStatus = 'Pending' | 'Sent' | 'Failed';

export interface MailOutboxOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** Where background-run errors (a database outage) go; send failures are recorded on the row instead. */
  onError?: (error: unknown) => void;
}

const iso = (ms: number) => new Date(ms).toISOString();

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

export class MailOutbox {
  private readonly now: () => Date;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private again = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    opts: MailOutboxOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.onError = opts.onError ?? ((error) => console.error('mail outbox:', error));
  }

  /**
   * Queues a message in the caller's transaction (or on any Kysely handle); it is due at once.
   * The outbox sends from the transport's sender: a message's own `from` cannot be stored.
   * `orderId` names the order a message is about, so the workspace can list an order's emails.
   */
  static async enqueueIn(
    trx: Kysely<Database>,
    kind: string,
    message: MailMessage,
    now: Date = new Date(),
    orderId: string | null = null,
  ): Promise<string> {
    if (message.from !== undefined)
      throw new TypeError('outbox messages are sent from the transport sender; message.from is not stored');
    if (!message.to) throw new TypeError('a mail message needs a recipient');
    const id = randomRecordId(MAIL_OUTBOX_ID_PREFIX);
    const at = now.toISOString();
    await trx
      .insertInto('mail_outbox')
      .values({
        id,
        kind,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        status: 'Pending',
        attempts: 0,
        lease_until: at,
        last_error: null,
        created_at: at,
        sent_at: null,
        order_id: orderId,
      })
      .execute();
    return id;
  }

  /**
   * Sends up to `limit` due messages, oldest due first, one at a time. Resolves with how many were
   * sent; a failed send is recorded on its row (retried later, or Failed after MAX_ATTEMPTS).
   */
  async deliverPending(limit = 20): Promise<number> {
    const started = this.now().getTime();
    const due = await this.db
      .selectFrom('mail_outbox')
      .select(['id', 'lease_until', 'attempts'])
      .where('status', '=', 'Pending')
      .where('lease_until', '<=', iso(started))
      .orderBy('lease_until')
      .orderBy('id')
      .limit(limit)
      .execute();
    let sent = 0;
    for (const candidate of due) {
      const attempts = candidate.attempts + 1;
      const lease = iso(this.now().getTime() + LEASE_MS);
      // Counted when claimed, so a message that kills its sender is not retried forever.
      const claim = await this.db
        .updateTable('mail_outbox')
        .set({ lease_until: lease, attempts })
        .where('id', '=', candidate.id)
        .where('status', '=', 'Pending')
        .where('lease_until', '=', candidate.lease_until)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue; // another process has it
      const mine = this.db.updateTable('mail_outbox').where('id', '=', candidate.id).where('lease_until', '=', lease);

      if (attempts > MAX_ATTEMPTS) {
        // Claimed MAX_ATTEMPTS times already without an outcome recorded (its senders died).
        await mine
          .set({
            status: 'Failed',
            attempts: candidate.attempts,
            last_error: 'no outcome recorded after the last attempt',
          })
          .execute();
        continue;
      }
      const row = await this.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject', 'text_body', 'html_body'])
        .where('id', '=', candidate.id)
        .executeTakeFirstOrThrow();
      try {
        await this.transport.send({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        });
      } catch (error) {
        const failedAt = this.now().getTime();
        await mine
          .set(
            attempts >= MAX_ATTEMPTS
              ? { status: 'Failed', last_error: errorText(error) }
              : { lease_until: iso(failedAt + RETRY_BACKOFF_MS[attempts - 1]), last_error: errorText(error) },
          )
          .execute();
        continue;
      }
      await mine.set({ status: 'Sent', sent_at: this.now().toISOString(), last_error: null }).execute();
      sent++;
    }
    return sent;
  }

  /** Delivers due mail every `intervalMs` in the background (the timer does not keep the process alive). */
  start(intervalMs = 5_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  /**
   * Runs one delivery now unless one is under way (e.g. right after an order commits); resolves
   * when that run ends. Never rejects: errors go to onError.
   */
  tick(): Promise<unknown> {
    if (this.running) {
      // Mail queued while a run is under way (which may have looked already) gets one more run after it.
      this.again = true;
      return this.running;
    }
    this.running = this.deliverPending()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          void this.tick();
        }
      });
    return this.running;
  }

  /** Stops the timer and waits for a delivery under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.again = false;
    await this.running;
  }
}
