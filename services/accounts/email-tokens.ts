/**
 * Single-use tokens sent by email (verify email, reset password). Only their SHA-256 hash is stored, so a database
 * reader cannot use them. Consuming is one atomic UPDATE ... RETURNING: a token works once, even under races.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';

type EmailTokenKind = 'verify_email' | 'password_reset';

const EMAIL_TOKEN_TTL_MS: Record<EmailTokenKind, number> = {
  verify_email: 3 * 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueEmailToken(trx: Db, kind: EmailTokenKind, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[kind]).toISOString();
  await sql`INSERT INTO account_tokens (token_hash, kind, user_id, created_at, expires_at)
            VALUES (${hash(token)}, ${kind}, ${userId}, ${now.toISOString()}, ${expires})`.execute(trx);
  return token;
}

/** The user id when the token is valid (right kind, unused, unexpired), without using it up. */
export async function peekEmailToken(db: Db, kind: EmailTokenKind, token: string, now: Date): Promise<string | null> {
  const { rows } = await sql<{ user_id: string }>`
    SELECT user_id FROM account_tokens
    WHERE token_hash = ${hash(token)} AND kind = ${kind} AND used_at IS NULL AND expires_at > ${now.toISOString()}`.execute(db);
  return rows[0]?.user_id ?? null;
}

/** Uses the token up: the user id the first time, null ever after (or when invalid/expired). */
export async function consumeEmailToken(db: Db, kind: EmailTokenKind, token: string, now: Date): Promise<string | null> {
  const { rows } = await sql<{ user_id: string }>`
    UPDATE account_tokens SET used_at = ${now.toISOString()}
    WHERE token_hash = ${hash(token)} AND kind = ${kind} AND used_at IS NULL AND expires_at > ${now.toISOString()}
    RETURNING user_id`.execute(db);
  return rows[0]?.user_id ?? null;
}

/** Voids every outstanding token of a kind (e.g. old reset links once the password has changed). */
export async function voidEmailTokens(db: Db, kind: EmailTokenKind, userId: string, now: Date): Promise<void> {
  await sql`UPDATE account_tokens SET used_at = ${now.toISOString()}
            WHERE user_id = ${userId} AND kind = ${kind} AND used_at IS NULL`.execute(db);
}
