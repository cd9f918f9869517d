/**
 * Lot stories for the house-wide verification test, each decided by the real lot decider: the shapes a replay must
 * explain beyond the demo seed's plain proxy battles — ties, reserve jumps, a seller moving the reserve, bids in the
 * soft-close window (extensions), and lots that close unsold.
 */
import { randomUUID } from 'node:crypto';
import { lotDecider } from '../../../domain/catalogue/lot/decide';
import { SOFT_CLOSE_MS } from '../../../domain/catalogue/lot/place-bid';
import type { LotEvent } from '../../../domain/catalogue/lot/events';
import type { LotState } from '../../../domain/catalogue/lot/state';
import { generateLot } from '../../catalogue/seed/generator';
import { seededRandom } from '../../catalogue/seed/random';
import { startStory, tell, type Story } from '../../catalogue/seed/decide-all';

export type CraftedShape = 'tie' | 'reserve-jump' | 'reserve-lowered' | 'extension' | 'unsold';
export const CRAFTED_SHAPES: readonly CraftedShape[] = ['tie', 'reserve-jump', 'reserve-lowered', 'extension', 'unsold'];

interface CraftedLotInput {
  shape: CraftedShape;
  index: number;
  auctionId: string;
  sellerId: string;
  staffId: string;
  bidderIds: string[];
  startsAt: Date;
  endsAt: Date;
}

const MINUTE = 60_000;

export function craftedLotStory(input: CraftedLotInput): Story<LotState, LotEvent> {
  const rng = seededRandom(7_000 + input.index);
  const spec = generateLot(rng, input.startsAt.getUTCFullYear());
  const reserve = input.shape === 'tie' || input.shape === 'extension' ? null : 40_000;
  const story = startStory(lotDecider);
  const lotId = randomUUID();
  const start = input.startsAt.getTime();
  const end = input.endsAt.getTime();
  tell(lotDecider, story, {
    type: 'ConsignLot', lot_id: lotId, auction_id: input.auctionId, seller_id: input.sellerId,
    reference_no: `AUD-${String(input.index + 1).padStart(4, '0')}`, item: spec.item, reserve_price_pence: reserve,
    reserve_fee_pence: reserve === null ? 0 : 500, opening_bid_pence: null, vat_enabled: spec.vatEnabled,
    warehouse: { id: 'main', name: 'Main bonded warehouse' }, is_group_lot: false, group_items: [], custom_title: null,
    custom_subtitle: null, custom_description: null, featured: false, starts_at: input.startsAt.toISOString(),
    ends_at: input.endsAt.toISOString(), by: input.staffId, now: new Date(start - 20 * 24 * 60 * MINUTE).toISOString(),
  });
  const [a, b, c] = input.bidderIds;
  const bid = (bidder: string, max: number, at: number) =>
    tell(lotDecider, story, {
      type: 'PlaceBid', lot_id: lotId, bid_id: randomUUID(), auto_bid_id: randomUUID(), bidder_id: bidder, max_bid: max,
      bidder_registration_fee_paid: true, now: new Date(at).toISOString(),
    });
  const reserveTo = (pence: number | null, at: number) =>
    tell(lotDecider, story, {
      type: 'ChangeReservePrice', lot_id: lotId, user_id: input.sellerId, reserve_price_pence: pence, auto_bid_id: randomUUID(),
      now: new Date(at).toISOString(),
    });
  let closeAt = end + MINUTE;
  switch (input.shape) {
    case 'tie':
      bid(c, 12_000, start + MINUTE);
      bid(a, 25_000, start + 2 * MINUTE);
      bid(b, 25_000, start + 3 * MINUTE);
      break;
    case 'reserve-jump':
      bid(a, 15_000, start + MINUTE);
      bid(b, 60_000, start + 2 * MINUTE);
      bid(a, 45_000, start + 3 * MINUTE);
      break;
    case 'reserve-lowered':
      bid(a, 20_000, start + MINUTE);
      bid(b, 30_000, start + 2 * MINUTE);
      reserveTo(25_000, start + 3 * MINUTE);
      break;
    case 'extension': {
      bid(a, 10_000, start + MINUTE);
      bid(b, 18_000, end - MINUTE);
      bid(a, 30_000, end - MINUTE + SOFT_CLOSE_MS - 30_000);
      closeAt = end - MINUTE + SOFT_CLOSE_MS - 30_000 + SOFT_CLOSE_MS + MINUTE;
      break;
    }
    case 'unsold':
      bid(a, 12_000, start + MINUTE);
      bid(b, 20_000, start + 2 * MINUTE);
      break;
    default: {
      const never: never = input.shape;
      throw new Error(`unknown shape ${String(never)}`);
    }
  }
  tell(lotDecider, story, { type: 'CloseLot', lot_id: lotId, now: new Date(closeAt).toISOString() });
  return story;
}
