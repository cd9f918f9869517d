/**
 * Sessions: a session is one sign-in on one device, a family of refresh tokens. Each refresh token is used once
 * and replaced; presenting one that was already used means it leaked (or a client raced itself), so the whole
 * family is revoked, unless it comes back within seconds with its successor never used: then the first answer was
 * lost on the way, and the token is exchanged again (`exchangedAgain`). The refresh lifetime slides: each rotation
 * gives the session 1 day (30 with remember_me).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { REFRESH_REMEMBER_TTL_SECONDS, REFRESH_TTL_SECONDS } from '../../infra/auth/tokens';
import { Unauthorized } from '../../domain/shared/errors';
import { sessionValidity } from './session-validity';
import { loadAccount } from './lookup';
import type { Db } from '../../infra/db/database';

const INVALID_REFRESH = 'Token is invalid or expired';

/** How long after its use a refresh token whose answer never arrived may be exchanged again (exchangedAgain). */
export const REUSE_GRACE_MS = 30_000;

interface SessionTokens { access: string; refresh: string; session_id: string }

export type RevokeReason = 'logout' | 'password_changed' | 'password_reset' | 'refresh_reuse';

const ttlMs = (remember: boolean) => 1000 * (remember ? REFRESH_REMEMBER_TTL_SECONDS : REFRESH_TTL_SECONDS);

export async function openSession(ctx: Pick<AppContext, 'clock' | 'db' | 'tokens'>, user: { id: string; is_staff: boolean }, remember: boolean): Promise<SessionTokens> {
  const now = ctx.clock.now();
  const sessionId = randomUUID();
  const jti = randomUUID();
  const expires = new Date(now.getTime() + ttlMs(remember)).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await sql`INSERT INTO sessions (id, user_id, remember, created_at, expires_at, last_used_at)
              VALUES (${sessionId}, ${user.id}, ${remember}, ${now.toISOString()}, ${expires}, ${now.toISOString()})`.execute(trx);
    await insertRefresh(trx, jti, sessionId, now.toISOString(), expires);
  });
  return {
    session_id: sessionId,
    access: await ctx.tokens.signAccess({ sub: user.id, sid: sessionId, staff: user.is_staff }),
    refresh: await ctx.tokens.signRefresh({ sub: user.id, sid: sessionId, jti, remember }),
  };
}

/** Uses a refresh token once: answers a new access and refresh token, or revokes the family on reuse. */
export async function rotateRefresh(ctx: AppContext, token: string): Promise<{ access: string; refresh: string; remember: boolean }> {
  const claims = await ctx.tokens.verifyRefresh(token);
  if (typeof claims === 'string') throw new Unauthorized(INVALID_REFRESH);
  const now = ctx.clock.now().toISOString();
  const next = randomUUID();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const used = await sql`UPDATE refresh_tokens SET used_at = ${now}, successor = ${next}
      WHERE jti = ${claims.jti} AND session_id = ${claims.sid} AND used_at IS NULL RETURNING jti`.execute(trx);
    if (used.rows.length === 0) {
      const again = await exchangedAgain(trx, claims.jti, claims.sid, now, next);
      if (again === 'invalid') return 'invalid' as const;
      if (again === 'reused') {
        await revokeWhere(trx, sql`id = ${claims.sid}`, 'refresh_reuse', now);
        return 'reused' as const;
      }
    }
    const expires = new Date(Date.parse(now) + ttlMs(claims.remember)).toISOString();
    const { rows } = await sql`UPDATE sessions SET expires_at = ${expires}, last_used_at = ${now}
      WHERE id = ${claims.sid} AND user_id = ${claims.sub} AND revoked_at IS NULL AND expires_at > ${now} RETURNING id`.execute(trx);
    if (rows.length === 0) return 'invalid' as const;
    await insertRefresh(trx, next, claims.sid, now, expires);
    return 'rotated' as const;
  });
  if (outcome === 'reused') {
    sessionValidity(ctx).forgetSession(claims.sid);
    ctx.log.warn({ session_id: claims.sid, user_id: claims.sub }, 'refresh token reused: session revoked');
  }
  const account = outcome === 'rotated' ? (await loadAccount(ctx, claims.sub)).state : null;
  if (!account?.exists || !(await sessionValidity(ctx).check(claims.sid))) throw new Unauthorized(INVALID_REFRESH);
  return {
    access: await ctx.tokens.signAccess({ sub: claims.sub, sid: claims.sid, staff: account.isStaff }),
    refresh: await ctx.tokens.signRefresh({ sub: claims.sub, sid: claims.sid, jti: next, remember: claims.remember }),
    remember: claims.remember,
  };
}

/** Ends every session of the user (password change or reset) and closes their sockets in this process. */
export async function revokeUserSessions(ctx: AppContext, userId: string, reason: RevokeReason): Promise<void> {
  await revokeWhere(ctx.db, sql`user_id = ${userId}`, reason, ctx.clock.now().toISOString());
  sessionValidity(ctx).forgetUser(userId);
  ctx.live.disconnectUser(userId);
}

async function revokeWhere(db: Db, where: ReturnType<typeof sql>, reason: RevokeReason, now: string): Promise<void> {
  await sql`UPDATE sessions SET revoked_at = ${now}, revoked_reason = ${reason} WHERE ${where} AND revoked_at IS NULL`.execute(db);
}

/**
 * A refresh token presented after its use. Within `REUSE_GRACE_MS` of that use, and while the token it was exchanged
 * for has never been presented, the client most likely never got that answer (a page left mid-refresh, a dropped
 * connection): the successor is retired and the token exchanged once more, so the user stays signed in (the retry
 * is answered as the first call should have been). Anything else is reuse, and revokes the session: a token
 * presented later, or after its successor was used (two holders of one token), or a retired successor presented.
 */
async function exchangedAgain(trx: Db, jti: string, sessionId: string, now: string, next: string): Promise<'again' | 'reused' | 'invalid'> {
  const { rows } = await sql<{ used_at: Date; successor: string | null }>`SELECT used_at, successor FROM refresh_tokens
    WHERE jti = ${jti} AND session_id = ${sessionId} AND used_at IS NOT NULL FOR UPDATE`.execute(trx);
  const token = rows[0];
  if (!token) return 'invalid';
  if (token.successor === null || Date.parse(now) - new Date(token.used_at).getTime() > REUSE_GRACE_MS) return 'reused';
  const retired = await sql`UPDATE refresh_tokens SET used_at = ${now} WHERE jti = ${token.successor} AND used_at IS NULL RETURNING jti`.execute(trx);
  if (retired.rows.length === 0) return 'reused';
  await sql`UPDATE refresh_tokens SET successor = ${next} WHERE jti = ${jti}`.execute(trx);
  return 'again';
}

async function insertRefresh(db: Db, jti: string, sessionId: string, issuedAt: string, expiresAt: string): Promise<void> {
  await sql`INSERT INTO refresh_tokens (jti, session_id, issued_at, expires_at)
            VALUES (${jti}, ${sessionId}, ${issuedAt}, ${expiresAt})`.execute(db);
}
