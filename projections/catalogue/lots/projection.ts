/**
 * The lots read model: one row per lot, every value taken from the lot events (which carry resulting values).
 * Each row keeps the stream version of the last event applied, so an event applied twice changes nothing.
 */
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../../infra/db/database';
import type { Projection } from '../../projection';
import type { StoredEvent } from '../../../infra/event-store/types';
import type { BidPlaced, LotConsigned, LotEvent } from '../../../domain/catalogue/lot/events';
import { assertNever } from '../../../domain/shared/decider';
import { applyInRuns, columnOf, lastByKey } from '../../runs';
import { slugify } from './slug';
import type { LotsTable } from './tables';

const LOT_EVENT_TYPES = [
  'LotConsigned',
  'BidPlaced',
  'ReservePriceChanged',
  'LotFeaturedSet',
  'LotClosed',
  'LotEdited',
  'LotWithdrawn',
  'LotEndRescheduled',
] as const;

export const lotsProjection: Projection = {
  name: 'lots',
  tables: ['lots'],
  eventTypes: LOT_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as LotEvent;
    const version = stored.stream_version;
    if (event.type === 'LotConsigned') return consigned(trx, event.data, stored);
    if (event.type === 'BidPlaced') return bidsPlaced(trx, [stored]);
    const lotId = event.data.lot_id;
    // An edit's slug follows the title unless the lot's custom title names it: the only value read from the row.
    const customTitle = event.type === 'LotEdited'
      ? (await trx.selectFrom('lots').select(['custom_title']).where('id', '=', lotId).executeTakeFirst())?.custom_title ?? null
      : null;
    return update(trx, lotId, version, lotChanges(event, customTitle));
  },
  applyBatch: (trx, events) =>
    applyInRuns(events, (e) => e.type === 'BidPlaced', (bids) => bidsPlaced(trx, bids), (e) => lotsProjection.apply(trx, e)),
};

/**
 * A run of bids in one statement. Only each lot's last bid of the run is written: a bid sets every column an earlier
 * bid set (they carry resulting values), and its higher version passes the row's guard.
 */
async function bidsPlaced(trx: Kysely<Database>, bids: StoredEvent[]): Promise<void> {
  const last = lastByKey(bids, (e) => (e.data as BidPlaced['data']).lot_id);
  const rows = last.map((e) => ({ id: (e.data as BidPlaced['data']).lot_id, version: e.stream_version, ...bidColumns(e.data as BidPlaced['data']) }));
  const column = columnOf(rows);
  await sql`UPDATE lots SET current_price_pence = v.current_price_pence, leader_id = v.leader_id, bid_count = v.bid_count,
      reserve_met = v.reserve_met, ends_at = v.ends_at, version = v.version
    FROM unnest(${column('id')}::uuid[], ${column('version')}::int[], ${column('current_price_pence')}::bigint[],
      ${column('leader_id')}::text[], ${column('bid_count')}::int[], ${column('reserve_met')}::boolean[], ${column('ends_at')}::timestamptz[])
      AS v(id, version, current_price_pence, leader_id, bid_count, reserve_met, ends_at)
    WHERE lots.id = v.id AND lots.version < v.version`.execute(trx);
}

const bidColumns = (d: BidPlaced['data']) =>
  ({ current_price_pence: d.current_price, leader_id: d.leader_id, bid_count: d.bid_count, reserve_met: d.reserve_met, ends_at: new Date(d.ends_at) });

async function update(trx: Kysely<Database>, lotId: string, version: number, changes: Updateable<LotsTable>): Promise<void> {
  await trx
    .updateTable('lots')
    .set({ ...changes, version })
    .where('id', '=', lotId)
    .where('version', '<', version)
    .execute();
}

/**
 * The columns one lot event (other than the consignment) sets. Pure, so a command's answer can lay the same change
 * over a row the view has not updated yet (services/catalogue/lots/decided-row.ts).
 */
export function lotChanges(event: Exclude<LotEvent, { type: 'LotConsigned' }>, customTitle: string | null): Updateable<LotsTable> {
  switch (event.type) {
    case 'BidPlaced':
      return bidColumns(event.data);
    case 'ReservePriceChanged': {
      const d = event.data;
      return { reserve_price_pence: d.reserve_price_pence, current_price_pence: d.current_price, reserve_met: d.reserve_met, bid_count: d.bid_count };
    }
    case 'LotFeaturedSet':
      return { featured: event.data.featured };
    case 'LotClosed': {
      const d = event.data;
      return {
        outcome: d.outcome, winner_id: d.winner_id, hammer_price_pence: d.hammer_price, current_price_pence: d.final_price, bid_count: d.bid_count,
        ends_at: new Date(d.ends_at), closed_at: new Date(d.closed_at),
      };
    }
    case 'LotEdited': {
      const d = event.data;
      return {
        slug: slugify(customTitle ?? d.item.title),
        ...itemColumns(d.item),
        opening_bid_pence: d.opening_bid_pence,
        reserve_price_pence: d.reserve_price_pence,
        // No bids before the start: with no reserve it counts as met (domain/catalogue/lot/state.ts isReserveMet).
        reserve_met: d.reserve_price_pence === null,
      };
    }
    case 'LotWithdrawn': {
      // Outcome, price and end come with the LotClosed appended right after it.
      const d = event.data;
      return { withdrawn_at: new Date(d.at), withdrawal_reason: d.reason, withdrawn_by: d.by };
    }
    case 'LotEndRescheduled': {
      const endsAt = new Date(event.data.ends_at);
      return { starts_at: new Date(event.data.starts_at), ends_at: endsAt, original_ends_at: endsAt };
    }
    default:
      return assertNever(event);
  }
}

/** The columns both a consignment and an edit take from the lot's item. */
function itemColumns(item: LotConsigned['data']['item']) {
  return {
    title: item.title,
    subtitle: item.subtitle,
    description: item.description,
    distillery: item.distillery.name,
    region: item.distillery.region,
    item_type: item.type,
    age: item.age,
    volume_ml: item.volume_ml,
    abv: item.abv,
    cask_type: item.cask_type,
    estimated_value_pence: item.estimated_value_pence,
    item: JSON.stringify(item),
    photos: JSON.stringify(item.photos),
  };
}

async function consigned(trx: Kysely<Database>, d: LotConsigned['data'], stored: StoredEvent): Promise<void> {
  const item = d.item;
  await trx
    .insertInto('lots')
    .values({
      id: d.lot_id,
      version: stored.stream_version,
      consign_position: stored.position,
      auction_id: d.auction_id,
      seller_id: d.seller_id,
      reference_no: d.reference_no,
      slug: slugify(d.custom_title ?? item.title),
      ...itemColumns(item),
      reserve_price_pence: d.reserve_price_pence,
      reserve_fee_pence: d.reserve_fee_pence,
      opening_bid_pence: d.opening_bid_pence,
      vat_enabled: d.vat_enabled,
      warehouse: JSON.stringify(d.warehouse),
      is_group_lot: d.is_group_lot,
      group_items: JSON.stringify(d.group_items),
      custom_title: d.custom_title,
      custom_subtitle: d.custom_subtitle,
      custom_description: d.custom_description,
      featured: d.featured,
      starts_at: new Date(d.starts_at),
      original_ends_at: new Date(d.ends_at),
      ends_at: new Date(d.ends_at),
      current_price_pence: null,
      leader_id: null,
      bid_count: 0,
      // No reserve counts as met (domain/catalogue/lot/state.ts isReserveMet).
      reserve_met: d.reserve_price_pence === null,
      outcome: null,
      winner_id: null,
      hammer_price_pence: null,
      closed_at: null,
      withdrawn_at: null,
      withdrawal_reason: null,
      withdrawn_by: null,
      consigned_at: new Date(d.consigned_at),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
