/**
 * Sends the outbox over SMTP. Due rows are locked with SKIP LOCKED, so several server processes never send one
 * email twice; a failure is retried with exponential backoff (30 s, 1 min, 2 min ... at most 1 h), and after
 * MAX_ATTEMPTS the row is marked failed (and kept, for a look by hand). Bulk (newsletter campaign) mail goes after
 * every other due email, so a big campaign never delays a password reset or an outbid.
 */
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { onDemand } from '../on-demand';
import { PgListener } from '../db/pg-listener';
import { PeriodicTask } from '../workers/periodic-task';
import { OUTBOX_CHANNEL } from './outbox';

export const MAX_ATTEMPTS = 8;
/** The sender's pace under a stream of wakes, and its poll between them. */
const PACE_MS = 250;
const IDLE_EVERY_MS = 2_000;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export interface MailMessage { from: string; to: string; subject: string; text: string; html: string; headers?: Record<string, string> }
type Transport = (message: MailMessage) => Promise<void>;
interface SenderLog { error(obj: object, msg: string): void; warn(obj: object, msg: string): void }

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/** Long enough for any SMTP exchange to end (or time out): a claimed email is due again only after it. */
const CLAIM_MS = 15 * 60 * 1000;

interface DueEmail { id: string; to_address: string; subject: string; text_body: string; html_body: string; attempts: number; headers: Record<string, string> | null; bulk: boolean; seq: number }

/**
 * Sends what is due now; answers how many were sent. No transaction is open while SMTP talks (it may take seconds):
 * the due rows are claimed in one statement (their next attempt moved past the claim), sent, and each outcome is
 * written on its own. A process that dies mid-send leaves its claimed rows to be sent again after the claim, as a
 * rolled-back transaction did before.
 */
export async function deliverDue(db: Db, send: Transport, from: string, now: Date, batch = 10): Promise<number> {
  let sent = 0;
  for (const row of await claimDue(db, now, batch)) {
    const attempts = row.attempts + 1;
    try {
      await send({ from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, ...(row.headers ? { headers: row.headers } : {}) });
      await sql`UPDATE email_outbox SET status = 'sent', sent_at = ${now.toISOString()}, attempts = ${attempts}, last_error = NULL
                WHERE id = ${row.id}`.execute(db);
      sent++;
    } catch (error) {
      await recordFailure(db, row.id, attempts, now, error);
    }
  }
  return sent;
}

/** Due rows, bulk mail last; SKIP LOCKED and the moved next attempt keep every other sender off them. */
async function claimDue(db: Db, now: Date, batch: number): Promise<DueEmail[]> {
  const { rows } = await sql<DueEmail>`
    UPDATE email_outbox o SET next_attempt_at = ${new Date(now.getTime() + CLAIM_MS).toISOString()}
    FROM (SELECT id FROM email_outbox
          WHERE status = 'pending' AND next_attempt_at <= ${now.toISOString()}
          ORDER BY bulk, seq LIMIT ${batch} FOR UPDATE SKIP LOCKED) due
    WHERE o.id = due.id
    RETURNING o.id, o.to_address, o.subject, o.text_body, o.html_body, o.attempts, o.headers, o.bulk, o.seq`.execute(db);
  return rows.sort((a, b) => Number(a.bulk) - Number(b.bulk) || Number(a.seq) - Number(b.seq));
}

async function recordFailure(db: Db, id: string, attempts: number, now: Date, error: unknown): Promise<void> {
  const status = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
  const next = new Date(now.getTime() + backoffMs(attempts)).toISOString();
  const reason = String((error as Error)?.message ?? error).slice(0, 500);
  await sql`UPDATE email_outbox SET status = ${status}, attempts = ${attempts}, next_attempt_at = ${next}, last_error = ${reason}
            WHERE id = ${id}`.execute(db);
}

/** Loaded when an SMTP server is configured. */
const loadNodemailer = onDemand<typeof import('nodemailer')>('nodemailer');

export function smtpTransport(smtpUrl: string): Transport {
  const transporter = loadNodemailer().createTransport(smtpUrl);
  return async (message) => {
    await transporter.sendMail(message);
  };
}

interface SenderOptions {
  /** The database the LISTEN connection opens on (the pool's). */
  databaseUrl: string;
  /** The poll behind the wakes: retries coming due, and emails queued while the LISTEN connection was down. */
  idleEveryMs?: number;
}

/**
 * The background sender. Woken when an email is queued (the NOTIFY its transaction sends on commit, outbox.ts, heard
 * on a LISTEN connection of its own), so an email leaves at once instead of at the next poll; between wakes it polls
 * every 2 s. Passes run one at a time, at most every 250 ms under a stream of wakes (infra/workers/periodic-task.ts).
 */
export class OutboxSender {
  private readonly task: PeriodicTask;
  private readonly listener: PgListener;
  private wakeTask: (() => void) | null = null;

  constructor(db: Db, send: Transport, from: string, clock: Clock, log: SenderLog, options: SenderOptions) {
    this.listener = new PgListener(options.databaseUrl, OUTBOX_CHANNEL, 'email outbox', log);
    const wokenBy = (wake: () => void) => {
      this.wakeTask = wake;
      return () => { this.wakeTask = null; };
    };
    this.task = new PeriodicTask('email outbox', PACE_MS, () => deliverDue(db, send, from, clock.now()), log,
      { wokenBy, idleEveryMs: options.idleEveryMs ?? IDLE_EVERY_MS });
  }

  async start(): Promise<void> {
    this.task.start();
    await this.listener.start(() => this.wakeTask?.());
  }

  async stop(): Promise<void> {
    await this.listener.close();
    await this.task.stop();
  }
}
