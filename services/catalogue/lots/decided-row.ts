/**
 * A lot's row as the lots projection writes it for a consignment, built from the LotConsigned event the command
 * just appended: the answer of a consignment never waits on (or fails for) the read model.
 */
import type { LotConsigned, LotEvent } from '../../../domain/catalogue/lot/events';
import { lotChanges } from '../../../projections/catalogue/lots/projection';
import type { AppendResult } from '../../../infra/event-store/types';
import { slugify } from '../../../projections/catalogue/lots/slug';
import { asJsonb } from '../../../infra/http/jsonb-order';
import type { LotRow } from './shape';

export function consignedLotRow(d: LotConsigned['data'], append: AppendResult): LotRow {
  const first = append.events[0];
  const item = asJsonb(d.item);
  const endsAt = new Date(d.ends_at);
  return {
    id: d.lot_id, version: first.stream_version, consign_position: first.position,
    auction_id: d.auction_id, seller_id: d.seller_id, reference_no: d.reference_no,
    slug: slugify(d.custom_title ?? item.title),
    title: item.title, subtitle: item.subtitle, description: item.description, distillery: item.distillery.name,
    region: item.distillery.region, item_type: item.type, age: item.age, volume_ml: item.volume_ml,
    abv: item.abv === null ? null : String(item.abv), cask_type: item.cask_type, estimated_value_pence: item.estimated_value_pence,
    item, photos: asJsonb(item.photos),
    reserve_price_pence: d.reserve_price_pence, reserve_fee_pence: d.reserve_fee_pence, opening_bid_pence: d.opening_bid_pence,
    vat_enabled: d.vat_enabled, warehouse: asJsonb(d.warehouse), is_group_lot: d.is_group_lot, group_items: asJsonb(d.group_items),
    custom_title: d.custom_title, custom_subtitle: d.custom_subtitle, custom_description: d.custom_description,
    featured: d.featured, starts_at: new Date(d.starts_at), original_ends_at: endsAt, ends_at: endsAt,
    current_price_pence: null, leader_id: null, bid_count: 0, reserve_met: d.reserve_price_pence === null,
    outcome: null, winner_id: null, hammer_price_pence: null, closed_at: null,
    withdrawn_at: null, withdrawal_reason: null, withdrawn_by: null, consigned_at: new Date(d.consigned_at),
    price_sort: d.opening_bid_pence, name_sort: (d.custom_title ?? item.title).toLowerCase(),
  };
}

/**
 * `row` (as the lots view last showed it) with the events a command just appended laid over it, the same columns
 * the projection will set (`lotChanges`): a write on an existing lot answers what it decided even when the view is
 * behind. A row at or past the append's version already shows it. (The append may be a lot writer's batch: the
 * events carry resulting values, so laying this decision's own events over the row is right either way.)
 */
export function lotRowAfter(row: LotRow, events: readonly LotEvent[], append: AppendResult | null): LotRow {
  if (!append || row.version >= append.version) return row;
  let next = row;
  for (const event of events) {
    if (event.type === 'LotConsigned') continue;
    const changes = lotChanges(event, next.custom_title) as Record<string, unknown>;
    // The item columns go in as JSON text; read back they are objects (in jsonb's key order).
    for (const key of ['item', 'photos'] as const) if (typeof changes[key] === 'string') changes[key] = asJsonb(JSON.parse(changes[key] as string));
    if (typeof changes.abv === 'number') changes.abv = String(changes.abv);
    next = { ...next, ...changes } as LotRow;
  }
  return { ...next, version: append.version };
}
