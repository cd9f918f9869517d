/**
 * The access code in front of the payout details: POST /api/send_code/ emails a code (purpose 'payout_access',
 * subject = the user), and a code verified in the last 15 minutes opens the details. Access is derived from
 * `verification_codes.used_at` (the newest used access code of the user): no second table to keep in step, and a
 * used code is never deleted within 15 minutes.
 */
import type { AppContext } from '../context';
import { checkCode, issueCode, type CodeCheck, type CodeSubject } from '../../infra/codes/verification-codes';
import { queueEmail } from '../../infra/mail/outbox';
import { loadAccount } from '../accounts/lookup';
import { Forbidden } from '../../domain/shared/errors';
import { accessCodeEmail } from './emails';
import { assertMayResend } from './code-messages';
import { sql } from 'kysely';

const ACCESS_TTL_MS = 15 * 60 * 1000;
const NEEDS_ACCESS = 'Please confirm the code we emailed you to see your payout details.';

const accessSubject = (userId: string): CodeSubject => ({ userId, purpose: 'payout_access', subjectId: userId });

export async function sendAccessCode(ctx: AppContext, userId: string): Promise<{ expiresAt: Date }> {
  const { state: account } = await loadAccount(ctx, userId);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await assertMayResend(trx, accessSubject(userId), now);
    const { code, expiresAt } = await issueCode(ctx, trx, accessSubject(userId));
    await queueEmail(trx, { ...accessCodeEmail(account.email, account.profile.first_name, code), now });
    return { expiresAt };
  });
}

/** Checks the code (a wrong try is committed, counted); when right, access runs 15 minutes from now. */
export async function verifyAccessCode(ctx: AppContext, userId: string, code: string): Promise<CodeCheck & { accessUntil?: Date }> {
  const check = await ctx.db.transaction().execute((trx) => checkCode(ctx, trx, accessSubject(userId), code));
  if (!check.ok) return check;
  return { ...check, accessUntil: new Date(ctx.clock.now().getTime() + ACCESS_TTL_MS) };
}

/** When the user's access to the payout details ends, or null when they have none now. */
export async function accessUntil(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string): Promise<Date | null> {
  const { rows } = await sql<{ used: Date | null }>`
    SELECT max(used_at) AS used FROM verification_codes
    WHERE user_id = ${userId} AND purpose = 'payout_access' AND subject_id = ${userId} AND used_at IS NOT NULL`.execute(ctx.db);
  const used = rows[0]?.used;
  if (!used) return null;
  const until = new Date(used.getTime() + ACCESS_TTL_MS);
  return until.getTime() > ctx.clock.now().getTime() ? until : null;
}

export async function requireAccess(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string): Promise<void> {
  if (!(await accessUntil(ctx, userId))) throw new Forbidden(NEEDS_ACCESS);
}
