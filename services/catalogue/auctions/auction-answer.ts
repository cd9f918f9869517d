/**
 * The auction answers as zod schemas (docs/api.md "Lots, auctions, bids"; docs/staff-api.md "Staff back office"):
 * an auction, the status summary, the auction years, the increment table, and the staff desk's auction answers.
 */
import { z } from 'zod';
import { money } from '../../../infra/http/answers';
import { pageAnswer } from '../../../infra/http/pagination';
import { staffLotAnswer } from '../lots/lot-answer';

const instant = z.string().describe('ISO 8601 date and time.');

export const auctionAnswer = z.object({
  id: z.string(),
  start_date: instant,
  end_date: instant,
  year: z.number().int(),
  sequence_no: z.number().int(),
  bottles_add_deadline: instant,
  status: z.enum(['next', 'live', 'past']),
  finished: z.boolean(),
  lot_count: z.number().int(),
}).meta({ id: 'Auction' });
export type AuctionApi = z.infer<typeof auctionAnswer>;

export const auctionPageAnswer = pageAnswer(auctionAnswer).meta({ id: 'AuctionPage' });

/** GET /api/auctions/status/: the live auction ending soonest and the next one starting (nulls when none). */
export const auctionStatusSummaryAnswer = z.object({
  is_live: z.boolean(),
  live_auction_id: z.string().nullable(),
  live_start_date: instant.nullable(),
  live_end_date: instant.nullable(),
  live_sequence_no: z.number().int().nullable(),
  next_auction_id: z.string().nullable(),
  next_start_date: instant.nullable(),
  next_end_date: instant.nullable(),
  next_deadline: instant.nullable(),
}).meta({ id: 'AuctionStatusSummary' });
export type AuctionStatusSummary = z.infer<typeof auctionStatusSummaryAnswer>;

/** GET /api/auction_years/: the years that have auctions, latest first. */
export const auctionYearsAnswer = z.array(z.number().int());

/** One band of the bid increment table: bids from `from` (up to `to`, none for the last band) go up by `step`. */
export const bidIncrementAnswer = z.object({ from: money, to: money.nullable(), step: money }).meta({ id: 'BidIncrement' });

/** A staff change to an auction's lots (stagger, schedule): the auction and its lots as the staff list shows them. */
export const staffAuctionLotsAnswer = z.object({ auction: auctionAnswer, lots: z.array(staffLotAnswer) }).meta({ id: 'StaffAuctionLots' });

/** GET /api/staff/auctions/{id}/progress/. */
export const staffAuctionProgressAnswer = z.object({
  auction: auctionAnswer,
  now: instant,
  lots: z.object({
    total: z.number().int(), scheduled: z.number().int(), open: z.number().int(), closed: z.number().int(),
    sold: z.number().int(), unsold: z.number().int().describe('Withdrawn lots aside.'), withdrawn: z.number().int(),
  }),
  bids: z.number().int(),
  hammer_total: money,
  next_lot: z.object({ id: z.string(), reference_no: z.string(), title: z.string(), ends_at: instant }).nullable().describe('The open lot ending soonest.'),
  last_end: instant.nullable().describe('The last end among the lots not withdrawn.'),
}).meta({ id: 'StaffAuctionProgress' });
