/**
 * Six-digit codes sent by email to confirm a withdrawal or to open the payout details (product rules: single use,
 * valid 10 minutes, at most 5 wrong tries, bound to one subject and one user). Only an HMAC of each code is stored
 * (a bare hash of 6 digits is reversed by trying a million), compared in constant time. A new code for the same
 * subject makes the older ones stop working. Codes are security state, not money, so they live in a table
 * (migration 0390), not in events; what they unlock (a confirmed withdrawal) is an event.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { TokenService } from '../auth/tokens';
import type { Db } from '../db/database';

const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;

type CodePurpose = 'withdrawal' | 'payout_access';

export interface CodeSubject { userId: string; purpose: CodePurpose; subjectId: string }

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: 'wrong'; triesLeft: number }
  | { ok: false; reason: 'too_many' | 'expired' | 'none' };

type Ctx = { db: Db; tokens: Pick<TokenService, 'deriveKey'>; clock: Clock };

function digest(ctx: Ctx, subject: CodeSubject, code: string): string {
  return createHmac('sha256', ctx.tokens.deriveKey('verification-codes'))
    .update(`${subject.userId}\n${subject.purpose}\n${subject.subjectId}\n${code}`).digest('hex');
}

const codeFormat = /^\d{6}$/;

/**
 * Makes a new code for the subject (older ones for it stop working) and answers it, for the caller to email in the
 * same transaction `trx`.
 */
export async function issueCode(ctx: Ctx, trx: Db, subject: CodeSubject): Promise<{ code: string; expiresAt: Date }> {
  const now = ctx.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await sql`UPDATE verification_codes SET superseded_at = ${now.toISOString()}
            WHERE user_id = ${subject.userId} AND purpose = ${subject.purpose} AND subject_id = ${subject.subjectId}
              AND used_at IS NULL AND superseded_at IS NULL`.execute(trx);
  await sql`INSERT INTO verification_codes (id, user_id, purpose, subject_id, code_hash, created_at, expires_at)
            VALUES (${randomUUID()}, ${subject.userId}, ${subject.purpose}, ${subject.subjectId}, ${digest(ctx, subject, code)},
                    ${now.toISOString()}, ${expiresAt.toISOString()})`.execute(trx);
  return { code, expiresAt };
}

/** When the subject's current code (the newest neither used nor superseded) stops working; null without one. */
export async function currentCodeExpiry(ctx: Pick<Ctx, 'db'>, subject: CodeSubject): Promise<Date | null> {
  const { rows } = await sql<{ expires_at: Date }>`
    SELECT expires_at FROM verification_codes
    WHERE user_id = ${subject.userId} AND purpose = ${subject.purpose} AND subject_id = ${subject.subjectId}
      AND used_at IS NULL AND superseded_at IS NULL
    ORDER BY created_at DESC LIMIT 1`.execute(ctx.db);
  return rows[0]?.expires_at ?? null;
}

/**
 * Checks a code against the subject's current one, counting a wrong try, and marks it used when right. Runs in `trx`
 * with the code's row locked, so two tries at once are counted one after the other and a code works once.
 */
export async function checkCode(ctx: Ctx, trx: Db, subject: CodeSubject, code: string): Promise<CodeCheck> {
  const now = ctx.clock.now();
  const { rows } = await sql<{ id: string; code_hash: string; expires_at: Date; attempts: number }>`
    SELECT id, code_hash, expires_at, attempts FROM verification_codes
    WHERE user_id = ${subject.userId} AND purpose = ${subject.purpose} AND subject_id = ${subject.subjectId}
      AND used_at IS NULL AND superseded_at IS NULL
    ORDER BY created_at DESC LIMIT 1 FOR UPDATE`.execute(trx);
  const row = rows[0];
  if (!row) return { ok: false, reason: 'none' };
  if (row.attempts >= MAX_WRONG_TRIES) return { ok: false, reason: 'too_many' };
  if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  const given = Buffer.from(digest(ctx, subject, codeFormat.test(code) ? code : 'x'), 'hex');
  if (timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) {
    await sql`UPDATE verification_codes SET used_at = ${now.toISOString()} WHERE id = ${row.id}`.execute(trx);
    return { ok: true };
  }
  const attempts = row.attempts + 1;
  await sql`UPDATE verification_codes SET attempts = ${attempts} WHERE id = ${row.id}`.execute(trx);
  return attempts >= MAX_WRONG_TRIES ? { ok: false, reason: 'too_many' } : { ok: false, reason: 'wrong', triesLeft: MAX_WRONG_TRIES - attempts };
}
