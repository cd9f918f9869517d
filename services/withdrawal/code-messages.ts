/**
 * What the user reads when a code is refused (the client shows the server's `msg`, spec 2 section 8), and the
 * throttle on sending codes: one email per 30 seconds per code subject, so nobody can flood a mailbox.
 */
import { sql } from 'kysely';
import { Throttled } from '../../domain/shared/errors';
import type { CodeCheck, CodeSubject } from '../../infra/codes/verification-codes';
import type { Db } from '../../infra/db/database';
import type { CodeRefusal } from './answers';

const CODE_EXPIRED = 'This code has expired. Please ask for a new one.';
export const CODE_NONE = 'There is no code to check. Please ask for a new one.';
const CODE_TOO_MANY = 'Too many wrong codes. Please ask for a new one.';
export const CODE_MISSING = 'Enter the 6-digit code we emailed you.';
const RESEND_INTERVAL_MS = 30_000;

/**
 * The body of a refused code: the API's one error shape (`detail`), with the same text as `msg`, which the
 * specification's client shows ("Code verification failure: the server's msg is shown as details", spec 2 section 8).
 */
export const codeRefusal = (message: string): CodeRefusal => ({ detail: message, msg: message });

export function wrongCode(triesLeft: number): string {
  return `Wrong code. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/** The message of a refused check (the withdrawal flow overrides too_many: it cancels the withdrawal). */
export function refusedMessage(check: Exclude<CodeCheck, { ok: true }>): string {
  switch (check.reason) {
    case 'wrong':
      return wrongCode(check.triesLeft);
    case 'expired':
      return CODE_EXPIRED;
    case 'too_many':
      return CODE_TOO_MANY;
    case 'none':
      return CODE_NONE;
  }
}

const LOCK_SPACE = 7420;

/**
 * Refuses a new code for the subject within 30 seconds of the last one (429). Holds a transaction-scoped advisory
 * lock on the subject, so two requests at once are counted one after the other.
 */
export async function assertMayResend(trx: Db, subject: CodeSubject, now: Date): Promise<void> {
  const key = `${subject.userId}\n${subject.purpose}\n${subject.subjectId}`;
  await sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${key}))`.execute(trx);
  const { rows } = await sql<{ last: Date | null }>`
    SELECT max(created_at) AS last FROM verification_codes
    WHERE user_id = ${subject.userId} AND purpose = ${subject.purpose} AND subject_id = ${subject.subjectId}`.execute(trx);
  const last = rows[0]?.last;
  if (!last) return;
  const waitMs = last.getTime() + RESEND_INTERVAL_MS - now.getTime();
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new Throttled(`Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before asking for a new code.`, seconds);
  }
}
