/**
 * Signed-out visitors may send photos (a valuation with sign-up in the same step), so their uploads are limited per
 * address before a byte of the body is read: at most ANONYMOUS_UPLOADS_PER_HOUR attempts, counted whether or not they
 * succeed (an attempt costs disk and CPU either way). Signed-in users are not limited here.
 */
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import { Throttled } from '../../domain/shared/errors';

export const ANONYMOUS_UPLOADS_PER_HOUR = 5;
const WINDOW_MS = 60 * 60 * 1000;

const anonymousUploadMessage = (minutes: number) =>
  `Too many uploads from your address. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or sign in.`;

export async function assertAnonymousUploadAllowed(db: Db, ip: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One attempt at a time per address, so parallel posts cannot all pass the count.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`anonymous-upload:${ip}`}))`.execute(trx);
    const since = new Date(now.getTime() - WINDOW_MS);
    const { rows } = await sql<{ at: Date }>`
      SELECT at FROM anonymous_upload_attempts WHERE ip = ${ip} AND at > ${since.toISOString()} ORDER BY at`.execute(trx);
    if (rows.length >= ANONYMOUS_UPLOADS_PER_HOUR) {
      const oldest = rows[rows.length - ANONYMOUS_UPLOADS_PER_HOUR].at.getTime();
      const wait = Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000));
      throw new Throttled(anonymousUploadMessage(Math.ceil(wait / 60)), wait);
    }
    await sql`DELETE FROM anonymous_upload_attempts WHERE ip = ${ip} AND at <= ${since.toISOString()}`.execute(trx);
    await sql`INSERT INTO anonymous_upload_attempts (ip, at) VALUES (${ip}, ${now.toISOString()})`.execute(trx);
  });
}
