/**
 * Lots the user wins and pays for join their collection by themselves (docs/collection.md "Won lots").
 *
 * A checkpointed follower of the feed like the interest matcher (`projection_checkpoints`, name
 * `collection-won-lots`): one batch at a time under the session-level
 * `pg_advisory_lock('projection:collection-won-lots')` (two processes never take the same batch), reading only what
 * the lots read model already reflects. For each LotPaid it issues JoinWonLot on the buyer's `collection-<user>`
 * stream with the price the buyer paid for that lot (hammer, buyer's premium and their VAT, as checkout computes them). The decider joins a lot at most once, so a
 * batch taken again (a crash between the join and the checkpoint) changes nothing.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { LotPaid } from '../../domain/orders/events';
import { goodsLines, goodsTotal } from '../../domain/checkout/goods';
import { collectionDecider } from '../../domain/collection/decide';
import { collectionStream } from '../../domain/collection/events';
import { describeLot } from './valuation-data';
import { settle } from '../catalogue/http';
import { withSessionLocks } from '../../infra/db/session-locks';
import { followerBatch, writeCheckpoint } from '../../projections/checkpoints';

const FOLLOWER_NAME = 'collection-won-lots';
const LOTS_PROJECTION = 'lots';
const BATCH = 500;

/** The price paid for one won lot: its own goods lines (hammer + premium + VAT on premium + VAT on hammer). */
const wonLotPrice = (hammerPence: number, vatEnabled: boolean) => goodsTotal(goodsLines([{ hammer_pence: hammerPence, vat_enabled: vatEnabled }]));

/** One batch; true when it moved its checkpoint (there may be more). */
async function joinBatch(ctx: AppContext): Promise<boolean> {
  let joined: Parameters<typeof settle>[1] | null = null;
  // A session-level lock on one held connection, no transaction: the joins below are commands on other pool
  // connections, and a transaction around them would sit idle in transaction meanwhile. They are idempotent, so a
  // batch cut short before its checkpoint is simply taken again.
  const moved = await withSessionLocks(ctx.db, async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext(${`projection:${FOLLOWER_NAME}`}))`.execute(connection);
    const events = await followerBatch(connection, ctx.store, FOLLOWER_NAME, LOTS_PROJECTION, BATCH);
    if (events.length === 0) return false;
    for (const stored of events) {
      if (stored.type !== 'LotPaid') continue;
      const paid = stored.data as LotPaid['data'];
      const lot = await connection.selectFrom('lots').selectAll().where('id', '=', paid.lot_id).executeTakeFirst();
      if (!lot || lot.hammer_price_pence === null) {
        ctx.log.warn({ lot_id: paid.lot_id }, 'paid lot without a hammer price: not added to the collection');
        continue;
      }
      joined = await ctx.commands.handle(collectionStream(paid.buyer_id), collectionDecider, {
        type: 'JoinWonLot', user_id: paid.buyer_id, item_id: wonItemId(paid.lot_id), lot_id: paid.lot_id, order_id: paid.order_id,
        item: describeLot(lot), price_paid_pence: wonLotPrice(lot.hammer_price_pence, lot.vat_enabled),
        acquired_on: paid.at.slice(0, 10), now: paid.at,
      }, { user_id: 'system', causation_id: stored.event_id });
    }
    const last = events[events.length - 1]!;
    await writeCheckpoint(connection, FOLLOWER_NAME, last);
    return true;
  });
  // The buyer sees the item as soon as the follower is done (read-your-writes for the next page load and the tests).
  if (joined) await settle(ctx, joined);
  return moved;
}

/** Until the follower has caught up with the lots read model. */
export async function drainWonLots(ctx: AppContext): Promise<void> {
  while (await joinBatch(ctx)) { /* more */ }
}

/** A name-based UUID of the lot: the won item of a lot always has the same id. */
function wonItemId(lotId: string): string {
  const b = createHash('sha1').update(`collection-won-item:${lotId}`).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
