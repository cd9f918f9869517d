/**
 * Websocket tickets: fetched over HTTP (with the bearer token when signed in), then presented once when opening
 * /ws/{channel}/. Single use, valid 30 seconds, kept in PostgreSQL so any server process can accept them.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { AuthUser } from '../../infra/http/auth';
import { sessionValidity } from './session-validity';

const WS_TICKET_TTL_MS = 30_000;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function issueWsTicket(ctx: Pick<AppContext, 'db' | 'clock'>, user: AuthUser | null): Promise<string> {
  const now = ctx.clock.now();
  const id = randomUUID();
  const expires = new Date(now.getTime() + WS_TICKET_TTL_MS).toISOString();
  await sql`DELETE FROM ws_tickets WHERE expires_at < ${new Date(now.getTime() - 60_000).toISOString()}`.execute(ctx.db);
  await sql`INSERT INTO ws_tickets (id, user_id, session_id, expires_at)
            VALUES (${id}, ${user?.id ?? null}, ${user?.session_id ?? null}, ${expires})`.execute(ctx.db);
  return id;
}

/**
 * Uses a ticket up (one atomic DELETE ... RETURNING): `{user_id}` (null for an anonymous ticket) the first time
 * within 30 s, null otherwise, and null when the signed-in session it was issued to has ended since.
 */
export async function consumeWsTicket(ctx: Pick<AppContext, 'db' | 'clock'>, ticket: string): Promise<{ user_id: string | null } | null> {
  if (typeof ticket !== 'string' || !UUID_RE.test(ticket)) return null;
  const { rows } = await sql<{ user_id: string | null; session_id: string | null; expires_at: Date }>`
    DELETE FROM ws_tickets WHERE id = ${ticket} RETURNING user_id, session_id, expires_at`.execute(ctx.db);
  const row = rows[0];
  if (!row || row.expires_at.getTime() <= ctx.clock.now().getTime()) return null;
  if (row.session_id && !(await sessionValidity(ctx).check(row.session_id))) return null;
  return { user_id: row.user_id };
}
