/**
 * The answers around the lot lists (docs/api.md "Lots, auctions, bids"): the listing's filter counters, the live
 * numbers of a page's lots, a lot's bid history and past sales, and the watching list's change.
 */
import { z } from 'zod';
import { money } from '../../../infra/http/answers';
import { pageAnswer } from '../../../infra/http/pagination';
import { lotAnswer } from './lot-answer';

const instant = z.string().describe('ISO 8601 date and time.');

const facetCounts = z.array(z.object({ value: z.string(), count: z.number().int() }));
const numberRange = z.object({ min: z.number().nullable(), max: z.number().nullable() });

/** The bounds of the cask values among the cask lots under the other filters (null when there are none). */
export const caskRangesAnswer = z.object({
  abv: numberRange,
  bulk_litres: numberRange,
  rla: numberRange,
  regauge_date: z.object({ min: z.string().nullable(), max: z.string().nullable() }).describe('YYYY-MM-DD.'),
}).meta({ id: 'CaskRanges' });
export type CaskRanges = z.infer<typeof caskRangesAnswer>;

/** For each facet, how many lots each value would give under the other filters (a facet ignores its own selection). */
export const filterCountersAnswer = z.object({
  distillery: facetCounts,
  region: facetCounts.describe('"Rest of World": lots whose distillery has no region.'),
  type: facetCounts,
  vat_enabled: z.object({ true: z.number().int(), false: z.number().int() }),
  cask_type: facetCounts.describe('Cask lots only.'),
  cask_ranges: caskRangesAnswer,
}).meta({ id: 'FilterCounters' });
export type FilterCounters = z.infer<typeof filterCountersAnswer>;
export type FacetCount = FilterCounters['distillery'][number];

/** GET /api/lots/filters/: a page of lots, with the counters when `filter_counters=true` asked for them. */
export const lotListingAnswer = pageAnswer(lotAnswer).extend({ filter_counters: filterCountersAnswer.optional() }).meta({ id: 'LotListing' });

/** POST /api/get_lots_updated_data/: the live numbers of the lots a page shows. */
export const lotsUpdatedDataAnswer = z.object({
  lots_updated_data: z.array(z.object({
    id: z.string(),
    current_bid: money.nullable(),
    bid_step: money,
    reserve_met: z.boolean(),
    on_bidding: z.boolean(),
    bid_count: z.number().int(),
    is_winning: z.boolean(),
  })),
  lots_updated_extra_time: z.array(z.object({ id: z.string(), extra_time: instant, end_date: instant })).describe('The lots that were extended.'),
  finished_lots: z.array(z.string()).describe('Closed, or past their end (no more bids either way).'),
}).meta({ id: 'LotsUpdatedData' });

/** One line of a lot's public bid history: "You" for the caller's own bids, "Bidder N" for the others. */
export const bidHistoryLineAnswer = z.object({
  id: z.string(),
  bidder: z.string(),
  amount: money.describe('What the bid stood at, never a secret maximum.'),
  created_at: instant,
  is_auto: z.boolean(),
}).meta({ id: 'BidHistoryLine' });
export type BidHistoryLine = z.infer<typeof bidHistoryLineAnswer>;

/** A past sale of the same item (GET /api/historical_performance/). */
export const historicalSaleAnswer = z.object({
  id: z.string(),
  reference_no: z.string(),
  title: z.string(),
  hammer_price: money,
  date: instant,
  auction: z.object({ id: z.string(), year: z.number().int(), sequence_no: z.number().int(), end_date: instant }),
}).meta({ id: 'HistoricalSale' });

/** POST /api/add_to_watching_list/. */
export const watchingChangeAnswer = z.object({
  detail: z.string(),
  lot: z.string(),
  is_watched: z.boolean(),
}).meta({ id: 'WatchingChange' });
export type WatchingChange = z.infer<typeof watchingChangeAnswer>;
