/**
 * Re-deciding a stored event: the command is rebuilt from the event alone (and the lot's consigned data through the
 * state), run through the live decider on the state before, and the produced events compared with the stored ones.
 * No second implementation of any rule: if the rules would decide differently, the stored event is flagged.
 *
 * Not in the events, so assumed: a bid's registration-fee status (a bid is only accepted when paid, so the replay
 * takes it as paid) and the spending-cap check (decided on the cap's own stream, docs/spending-cap.md).
 */
import { assertNever } from '../../../shared/decider';
import { DomainError } from '../../../shared/errors';
import type { LotCommand } from '../commands';
import { decideLot } from '../decide';
import type { LotEvent } from '../events';
import type { LotState } from '../state';

/** An auto id the decider only uses for a proxy line; when the stored event has none it never shows up. */
const UNUSED_AUTO_ID = 'replay-unused-auto-id';

/** The command that would have produced `event` (the first of its batch). */
function commandFor(event: LotEvent): LotCommand | null {
  switch (event.type) {
    case 'LotConsigned': {
      const d = event.data;
      return {
        type: 'ConsignLot', lot_id: d.lot_id, auction_id: d.auction_id, seller_id: d.seller_id, reference_no: d.reference_no,
        item: d.item, reserve_price_pence: d.reserve_price_pence, reserve_fee_pence: d.reserve_fee_pence,
        opening_bid_pence: d.opening_bid_pence, vat_enabled: d.vat_enabled, warehouse: d.warehouse, is_group_lot: d.is_group_lot,
        group_items: d.group_items, custom_title: d.custom_title, custom_subtitle: d.custom_subtitle,
        custom_description: d.custom_description, featured: d.featured, starts_at: d.starts_at, ends_at: d.ends_at,
        by: d.consigned_by, now: d.consigned_at,
      };
    }
    case 'BidPlaced': {
      const d = event.data;
      const auto = d.history.find((line) => line.id !== d.bid_id);
      return {
        type: 'PlaceBid', lot_id: d.lot_id, bid_id: d.bid_id, auto_bid_id: auto?.id ?? UNUSED_AUTO_ID, bidder_id: d.bidder_id,
        max_bid: d.max_bid, bidder_registration_fee_paid: true, now: d.placed_at,
      };
    }
    case 'ReservePriceChanged': {
      const d = event.data;
      return {
        type: 'ChangeReservePrice', lot_id: d.lot_id, user_id: d.seller_id, reserve_price_pence: d.reserve_price_pence,
        auto_bid_id: d.history[0]?.id ?? UNUSED_AUTO_ID, now: d.changed_at,
      };
    }
    case 'LotFeaturedSet':
      return { type: 'SetLotFeatured', lot_id: event.data.lot_id, featured: event.data.featured, by: event.data.set_by, now: event.data.set_at };
    case 'LotClosed':
      // A withdrawal's LotClosed is checked together with its LotWithdrawn (one decision, two events).
      return { type: 'CloseLot', lot_id: event.data.lot_id, now: event.data.closed_at };
    case 'LotEdited': {
      const d = event.data;
      return {
        type: 'EditLot', lot_id: d.lot_id, item: d.item, opening_bid_pence: d.opening_bid_pence,
        reserve_price_pence: d.reserve_price_pence, by: d.edited_by, now: d.edited_at,
      };
    }
    case 'LotWithdrawn':
      return { type: 'WithdrawLot', lot_id: event.data.lot_id, reason: event.data.reason, by: event.data.by, now: event.data.at };
    case 'LotEndRescheduled': {
      const d = event.data;
      return { type: 'RescheduleLotEnd', lot_id: d.lot_id, ends_at: d.ends_at, starts_at: d.starts_at, by: d.by, now: d.at };
    }
    default:
      return assertNever(event);
  }
}

interface DecisionCheck {
  /** How many stored events (from `index`) this one decision covers. */
  covered: number;
  /** Per covered event: null when the rules produce exactly it, else what differs. */
  mismatches: (string | null)[];
}

/** Re-runs the live decider for `events[index]` on `before` and compares with the stored events. */
export function checkDecision(events: readonly LotEvent[], index: number, before: LotState): DecisionCheck {
  const command = commandFor(events[index]!);
  if (!command) return { covered: 1, mismatches: [null] };
  let produced: LotEvent[];
  try {
    produced = decideLot(command, before);
  } catch (error) {
    const why = error instanceof DomainError || error instanceof Error ? error.message : String(error);
    return { covered: 1, mismatches: [`the bidding rules refuse this event (${why})`] };
  }
  if (produced.length === 0) return { covered: 1, mismatches: ['the bidding rules decide nothing here (no event)'] };
  const covered = Math.min(produced.length, events.length - index);
  const mismatches: (string | null)[] = [];
  for (let k = 0; k < covered; k++) mismatches.push(differences(produced[k]!, events[index + k]!));
  if (produced.length > covered) mismatches[covered - 1] ??= `the rules also decide a ${produced[covered]!.type} that the stream does not hold`;
  return { covered, mismatches };
}

/** null when equal as JSON (key order ignored: jsonb reorders keys), else the differing fields. */
function differences(expected: LotEvent, stored: LotEvent): string | null {
  if (expected.type !== stored.type) return `the rules decide a ${expected.type}, the stream holds a ${stored.type}`;
  const want = plain(expected.data) as Record<string, unknown>;
  const got = plain(stored.data) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(want), ...Object.keys(got)])].filter((key) => !sameJson(want[key], got[key]));
  if (fields.length === 0) return null;
  const shown = fields.map((key) => `${key}: the event says ${JSON.stringify(got[key]) ?? 'nothing'}, the rules say ${JSON.stringify(want[key]) ?? 'nothing'}`);
  return `the bidding rules decide differently: ${shown.join('; ')}`;
}

function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const key of keys) if (!sameJson(ao[key], bo[key])) return false;
  return true;
}
