/**
 * The Lot API shape as zod schemas (docs/api.md "Lots, auctions, bids"): the lot every list and the lot page answer,
 * and the staff and seller views of it. shape.ts builds the lot to these types; the routes declare them as answers.
 */
import { z } from 'zod';
import { money } from '../../../infra/http/answers';
import { pageAnswer } from '../../../infra/http/pagination';
import { bidStatsSchema } from '../../bidding/bid-answer';

const instant = z.string().describe('ISO 8601 date and time.');

export const distilleryAnswer = z.object({
  name: z.string(),
  description: z.string().nullable(),
  region: z.object({ name: z.string() }).nullable().describe('null: rest of world.'),
}).meta({ id: 'Distillery' });
export type DistilleryApi = z.infer<typeof distilleryAnswer>;

/** The bid answer's stats plus what a lot page needs to offer the next bid. */
export const lotBidStatsAnswer = bidStatsSchema.extend({
  opening_bid: money,
  next_minimum_bid: money.describe('The smallest acceptable bid: the opening bid, or the current bid + step.'),
  has_bids: z.boolean(),
}).meta({ id: 'LotBidStats' });
export type BidStatsApi = z.infer<typeof lotBidStatsAnswer>;

const itemKey = z.string().describe('The item key: the same bottle has the same id across lots (docs/notifications.md).');
const isNotification = z.boolean().describe('The caller follows this item (item alerts).');

export const lotItemAnswer = z.object({
  id: itemKey,
  slug: z.string(),
  estimated_value: money,
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  distillery: distilleryAnswer,
  is_notification: isNotification,
  type: z.enum(['bottle', 'cask']),
  age: z.number().nullable(),
  volume_ml: z.number().nullable(),
  abv: z.number().nullable(),
  cask_type: z.string().nullable(),
  cask_number: z.string().nullable(),
  bottled_at: z.string().nullable(),
  distilled_at: z.string().nullable(),
  bulk_litres: z.number().nullable(),
  regauge_date: z.string().nullable().describe('YYYY-MM-DD.'),
  rla: z.number().nullable().describe('Litres of alcohol: bulk litres x ABV.'),
}).meta({ id: 'LotItem' });

const groupItemAnswer = z.object({ id: itemKey, title: z.string(), is_notification: isNotification, distillery: distilleryAnswer });

/** The lot as every list shows it (and the lot page, with the caller's note). */
export const lotAnswer = z.object({
  id: z.string(),
  slug: z.string(),
  reference_no: z.string(),
  auction: z.string().describe("The auction's id."),
  warehouse: z.object({ id: z.string(), name: z.string() }).nullable(),
  reserve_fee: money,
  reserve_price: money.nullable().describe("Shown to the lot's seller and staff only."),
  has_reserve: z.boolean(),
  reserve_met: z.boolean(),
  is_watched: z.boolean(),
  is_group_lot: z.boolean(),
  group_items: z.array(groupItemAnswer),
  custom_title: z.string().nullable(),
  custom_subtitle: z.string().nullable(),
  custom_description: z.string().nullable(),
  on_bidding: z.boolean().describe('Bids are accepted now.'),
  extra_time: instant.nullable().describe('The extended end when the lot was extended, else null.'),
  start_date: instant,
  end_date: instant.describe("The lot's current end (after extensions)."),
  featured: z.boolean(),
  vat_enabled: z.boolean(),
  bid_count: z.number().int(),
  withdrawn: z.boolean(),
  withdrawal_reason: z.string().nullable().describe("Shown to the lot's seller and staff only."),
  status: z.enum(['scheduled', 'live', 'sold', 'unsold']),
  hammer_price: money.nullable(),
  photos: z.array(z.object({ file: z.string(), title: z.string() })),
  item: lotItemAnswer,
  bid_stats: lotBidStatsAnswer,
}).meta({ id: 'Lot' });
export type LotApi = z.infer<typeof lotAnswer>;

/** GET /api/lots/{id}/: the lot with the caller's own note. */
export const lotDetailAnswer = lotAnswer.extend({
  note: z.object({ id: z.string(), text: z.string(), updated_at: instant }).nullable().describe("The caller's own note on the lot."),
}).meta({ id: 'LotDetail' });

/** The staff back office's lot: the lot (reserve shown) plus what only staff need. */
export const staffLotAnswer = lotAnswer.extend({
  seller: z.string().describe("The seller's user id."),
  staff_status: z.enum(['scheduled', 'live', 'ending', 'sold', 'unsold', 'withdrawn']),
  editable: z.boolean(),
  withdrawn_at: instant.nullable(),
  withdrawn_by: z.string().nullable(),
}).meta({ id: 'StaffLot' });
export type StaffLotApi = z.infer<typeof staffLotAnswer>;

/** A seller's own lot in the seller area: what the sale brings (all null unless sold; docs/selling.md). */
export const sellerLotAnswer = lotAnswer.extend({
  seller_costs: z.object({
    hammer: money, commission: money, listing_fee: money, reserve_fee: money, total_fees: money, net_proceeds: money, vat_in_fees: money,
  }).nullable(),
  payment_status: z.enum(['awaiting_buyer_payment', 'paid_to_wallet']).nullable(),
  paid_to_wallet_at: instant.nullable(),
}).meta({ id: 'SellerLot' });

/** A page of lots (every list of lots but the listing with counters and the seller area). */
export const lotPageAnswer = pageAnswer(lotAnswer).meta({ id: 'LotPage' });

/** The seller area's page: its lots and total_amount_bid, the current bids (or hammer prices) of all listed lots. */
export const sellerLotPageAnswer = pageAnswer(sellerLotAnswer).extend({ total_amount_bid: money }).meta({ id: 'SellerLotPage' });
