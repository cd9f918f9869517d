/**
 * The bad-input fault test's world: a caller, a staff member, and another user ("the victim") who owns a few cheap
 * private objects (a bid, an address, a lot note, a collection item, a keyword alert) whose ids the caller tries and
 * whose data must never show up in the caller's answers. Plus snapshots of the state that must not change.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { createLot, postBid } from '../bidding/testing';
import { EDINBURGH } from '../addresses/testing';
import { drainMatches } from '../alerts/interest-matcher';

export interface Fixtures {
  user: TestUser;
  staff: TestUser;
  victim: TestUser;
  /** Ids of the victim's private objects (the victim's own id first). */
  victimIds: string[];
  /** Strings that only the victim's private data contains. */
  victimSecrets: string[];
  /** An open lot (public) the victim has not bid on, for the lot fields of probe bodies. */
  lotId: string;
}

async function created(t: TestApp, who: TestUser, url: string, payload: object): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(who), payload });
  if (res.statusCode >= 300) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createFixtures(t: TestApp): Promise<Fixtures> {
  // Letters only: names refuse digits.
  const tag = randomBytes(4).toString('hex').replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]);
  const [user, staff, victim] = await Promise.all([
    createTestUser(t, { feePaid: true }),
    createTestUser(t, { staff: true }),
    createTestUser(t, { feePaid: true, firstName: `Vesper${tag}`, lastName: `Quillfeather${tag}`, email: `victim-${tag}@whisky.test` }),
  ]);
  const { lotId: victimLot } = await createLot(t.ctx, t.clock.now());
  // Probes bid on another lot: an automatic bid for the victim (outbidding the caller) is the auction working.
  const { lotId } = await createLot(t.ctx, t.clock.now());
  const bid = await postBid(t, victim, { bid: '4321.17', lot: victimLot });
  if (bid.statusCode !== 201) throw new Error(`fixture bid: ${bid.body}`);
  const address = await created(t, victim, '/api/addresses/', { ...EDINBURGH, name: `Vesper ${tag}`, street: `Quillfeather${tag} Lane` });
  const note = await created(t, victim, '/api/lot_notes/', { text: `private note ${tag}`, lot: victimLot });
  const item = await created(t, victim, '/api/my-collection/add-item/', { title: `Vesper bottle ${tag}`, type: 'bottle', distillery: 'Ardbeg', price_paid: '100.00', date: '2020-01-01' });
  await created(t, victim, '/api/keyword/', { word: `vesperword${tag}` });
  await t.ctx.projections.settle();
  // The interest matcher appends a LotMatchedInterests event per new lot a poll after the alerts read model saw it;
  // on a loaded machine that poll could land between the snapshots and look like a change made by a bad request.
  await drainMatches(t.ctx.db, t.ctx.store);
  await t.ctx.projections.settle();
  const victimIds = [victim.id, String(address.id), String(note.id), String(item.id)];
  for (const id of victimIds) if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`fixture id ${id}`);
  return {
    user, staff, victim, victimIds, lotId,
    victimSecrets: [victim.email, ...victimIds, `Quillfeather${tag}`, `private note ${tag}`, `Vesper bottle ${tag}`, `vesperword${tag}`, '4321.17'],
  };
}

/** Read models and tables the bad requests must leave alone (event-sourced ones and the plain ones they write). */
const TABLES = [
  'users', 'addresses', 'lots', 'auctions', 'lot_bidders', 'lot_bid_history', 'wallets', 'wallet_transactions', 'orders',
  'lot_notes', 'collection_items', 'alert_keywords', 'alert_followed_items', 'payout_methods', 'spending_caps', 'watching_list',
  'withdrawals', 'user_cards', 'payments', 'vouchers', 'sell_requests', 'valuations', 'articles', 'cms_items', 'newsletter_subscribers',
];

interface Snapshot { events: number; tables: Record<string, string> }

/** Event count and an order-independent md5 of each table, after the projections caught up. */
export async function snapshot(t: TestApp, victimId?: string): Promise<Snapshot> {
  await t.ctx.projections.settle();
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(t.ctx.db);
  const tables: Record<string, string> = {};
  for (const table of TABLES) {
    // With a victim: only the victim's rows (by user_id, or id for users).
    const column = victimId ? (table === 'users' ? 'id' : await userColumn(t, table)) : null;
    if (victimId && !column) continue;
    const where = column ? sql`WHERE ${sql.ref(column)}::text = ${victimId}` : sql``;
    const { rows: sum } = await sql<{ md5: string | null }>`
      SELECT md5(string_agg(r::text, '|' ORDER BY r::text)) AS md5 FROM ${sql.table(table)} r ${where}`.execute(t.ctx.db);
    tables[table] = sum[0]?.md5 ?? 'empty';
  }
  return { events: rows[0].n, tables };
}

async function userColumn(t: TestApp, table: string): Promise<string | null> {
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ${table} AND column_name IN ('user_id', 'owner_id', 'bidder_id')`.execute(t.ctx.db);
  return rows[0]?.column_name ?? null;
}

/** The victim's event streams and their versions. */
export async function victimStreams(t: TestApp, ids: string[]): Promise<Record<string, number>> {
  const { rows } = await sql<{ stream_id: string; version: number }>`
    SELECT stream_id, version FROM streams WHERE stream_id LIKE ANY (${ids.map((id) => `%${id}%`)}::text[])`.execute(t.ctx.db);
  return Object.fromEntries(rows.map((r) => [r.stream_id, r.version]));
}
