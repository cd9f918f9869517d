/**
 * Logout and a password change end every session of the user and close their sockets, but only in the process that
 * handled the request (`ctx.live.disconnectUser`). Sockets on other processes, and on live nodes, which serve all
 * the sockets when the roles are split (docs/scale.md, "Live nodes"), are closed here: every few seconds each process
 * asks which users of its open sockets had a session revoked after the socket opened, and closes those sockets with
 * 4001 "Signed out", as the local path does.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { LiveHub } from './hub';

/** The reasons that end every session of the user (sessions.ts, revokeUserSessions); a reused refresh token ends one. */
const SIGN_OUT_REASONS = ['logout', 'password_changed', 'password_reset'];
const BATCH = 1000;

export class SignedOutSweep {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly ctx: AppContext, private readonly hub: LiveHub, private readonly everyMs = 3000) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep().catch((error) => this.ctx.log.warn({ err: error }, 'live: signed-out sweep failed')), this.everyMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass: closes the sockets of users who signed out after opening them. */
  async sweep(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const users = this.hub.signedInUsers();
      for (let i = 0; i < users.length; i += BATCH) {
        for (const { user_id, signed_out_at } of await this.signedOut(users.slice(i, i + BATCH))) {
          this.hub.disconnectUser(user_id, new Date(signed_out_at));
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async signedOut(userIds: string[]): Promise<Array<{ user_id: string; signed_out_at: string }>> {
    const { rows } = await sql<{ user_id: string; signed_out_at: string }>`
      SELECT user_id::text, max(revoked_at) AS signed_out_at FROM sessions
      WHERE user_id = ANY(${userIds}::uuid[]) AND revoked_at IS NOT NULL AND revoked_reason = ANY(${SIGN_OUT_REASONS}::text[])
      GROUP BY user_id`.execute(this.ctx.db);
    return rows;
  }
}
