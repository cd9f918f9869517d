/**
 * Sends the outbox over SMTP. Due rows are locked with SKIP LOCKED, so several server processes never send one
 * email twice; a failure is retried with exponential backoff (30 s, 1 min, 2 min ... at most 1 h), and after
 * MAX_ATTEMPTS the row is marked failed (and kept, for a look by hand). Bulk (newsletter campaign) mail goes after
 * every other due email, so a big campaign never delays a password reset or an outbid.
 */
import { sql, type Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Clock } from '../context';

export const MAX_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export interface MailMessage { from: string; to: string; subject: string; text: string; html: string; headers?: Record<string, string> }
export type Transport = (message: MailMessage) => Promise<void>;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/** Sends what is due now; answers how many were sent. */
export async function deliverDue(db: Kysely<any>, send: Transport, from: string, now: Date, batch = 10): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string; to_address: string; subject: string; text_body: string; html_body: string; attempts: number; headers: Record<string, string> | null }>`
      SELECT id, to_address, subject, text_body, html_body, attempts, headers FROM email_outbox
      WHERE status = 'pending' AND next_attempt_at <= ${now.toISOString()}
      ORDER BY bulk, seq LIMIT ${batch} FOR UPDATE SKIP LOCKED`.execute(trx);
    let sent = 0;
    for (const row of rows) {
      const attempts = row.attempts + 1;
      try {
        await send({ from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, ...(row.headers ? { headers: row.headers } : {}) });
        await sql`UPDATE email_outbox SET status = 'sent', sent_at = ${now.toISOString()}, attempts = ${attempts}, last_error = NULL
                  WHERE id = ${row.id}`.execute(trx);
        sent++;
      } catch (error) {
        const status = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
        const next = new Date(now.getTime() + backoffMs(attempts)).toISOString();
        const reason = String((error as Error)?.message ?? error).slice(0, 500);
        await sql`UPDATE email_outbox SET status = ${status}, attempts = ${attempts}, next_attempt_at = ${next}, last_error = ${reason}
                  WHERE id = ${row.id}`.execute(trx);
      }
    }
    return sent;
  });
}

export function smtpTransport(smtpUrl: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transporter.sendMail(message);
  };
}

/** The background sender: polls every few seconds while the server runs. */
export class OutboxSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Kysely<any>, private readonly send: Transport, private readonly from: string,
    private readonly clock: Clock, private readonly log: { error(obj: object, msg: string): void }, private readonly everyMs = 2_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), this.everyMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = deliverDue(this.db, this.send, this.from, this.clock.now())
      .catch((error) => this.log.error({ err: error }, 'email outbox run failed'))
      .finally(() => { this.running = null; });
  }
}
