/**
 * Is a session (the `sid` of an access token) still good? Asked on every authenticated request, so answers are
 * cached in memory for at most CACHE_MS: the hot bid path then rarely touches the database. Logout and password
 * changes in this process drop the entries at once; another process sees them within CACHE_MS.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Clock } from '../context';
import type { Db } from '../../infra/db/database';

const CACHE_MS = 2_000;
const MAX_ENTRIES = 50_000;

interface SessionInfo {
  userId: string;
  /** From the users read model (null until it has the row); the token's claim is the fallback. */
  isStaff: boolean | null;
  isAuditor: boolean;
  active: boolean;
  expiresAt: number;
}

interface Entry { info: SessionInfo | null; until: number }

class SessionValidity {
  private readonly cache = new Map<string, Entry>();

  constructor(private readonly db: Db, private readonly clock: Clock) {}

  /** The session when it exists, is not revoked or expired, and began after the user's last password change. */
  async check(sessionId: string): Promise<SessionInfo | null> {
    const cached = this.cache.get(sessionId);
    const info = cached && cached.until > performance.now() ? cached.info : await this.load(sessionId);
    if (!cached || cached.info !== info) this.remember(sessionId, info);
    if (!info?.active || info.expiresAt <= this.clock.now().getTime()) return null;
    return info;
  }

  forgetSession(sessionId: string): void {
    this.cache.delete(sessionId);
  }

  forgetUser(userId: string): void {
    for (const [sid, entry] of this.cache) if (entry.info?.userId === userId) this.cache.delete(sid);
  }

  private async load(sessionId: string): Promise<SessionInfo | null> {
    const { rows } = await sql<{ user_id: string; revoked: boolean; expires_at: Date; stale: boolean; is_staff: boolean | null; is_auditor: boolean | null }>`
      SELECT s.user_id, s.revoked_at IS NOT NULL AS revoked, s.expires_at, u.is_staff, u.is_auditor,
             coalesce(u.password_changed_at > s.created_at, false) AS stale
      FROM sessions s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.id = ${sessionId}`.execute(this.db);
    const row = rows[0];
    if (!row) return null;
    return { userId: row.user_id, isStaff: row.is_staff, isAuditor: row.is_auditor === true, active: !row.revoked && !row.stale, expiresAt: row.expires_at.getTime() };
  }

  private remember(sessionId: string, info: SessionInfo | null): void {
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(sessionId, { info, until: performance.now() + CACHE_MS });
  }
}

const byContext = new WeakMap<object, SessionValidity>();

/** One cache per database handle, i.e. per AppContext (per process in production, per test app in tests). */
export function sessionValidity(ctx: { db: Db; clock: Clock }): SessionValidity {
  let validity = byContext.get(ctx.db);
  if (!validity) {
    validity = new SessionValidity(ctx.db, ctx.clock);
    byContext.set(ctx.db, validity);
  }
  return validity;
}
