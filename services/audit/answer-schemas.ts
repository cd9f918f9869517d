/**
 * The audit routes' answers as zod schemas (docs/audit.md): the public price log, the auditors' lot replay and
 * wallet replay. lot-replay.ts and wallet-routes.ts build them; the routes declare them (money as decimal strings).
 */
import { z } from 'zod';
import { money } from '../../infra/http/answers';

const instant = z.string().describe('ISO 8601 date and time.');
const pounds = money.nullable();

/** One difference between a replay and the stored figures (types.ts AuditDifference). */
const auditDifferenceAnswer = z.object({
  check: z.string(), subject: z.string(), field: z.string(), expected: z.string(), found: z.string(), message: z.string(),
}).meta({ id: 'AuditDifference' });

const replayStatus = z.enum(['not_consigned', 'open', 'sold', 'unsold', 'withdrawn']);
const stepKind = z.enum(['consigned', 'first_bid', 'proxy_answer', 'outbid', 'tie', 'raise', 'reserve_changed', 'closed', 'withdrawn', 'edited', 'rescheduled', 'featured']);

/** One step of the lot's replay as anyone may see it (bidders as "Bidder 2"). */
const priceLogEntryAnswer = z.object({
  seq: z.number().int(), at: instant, type: z.string().describe("The event's type."), kind: stepKind, actor: z.string(), text: z.string(),
  previous_price: pounds, price: pounds, leader: z.string().nullable(), bid_count: z.number().int(), reserve_met: z.boolean(),
  previous_ends_at: instant, ends_at: instant, extended: z.boolean(), status: replayStatus, winner: z.string().nullable(),
  hammer_price: pounds, mismatch: z.string().nullable().describe('Set when the bidding rules would not decide this event.'),
}).meta({ id: 'PriceLogEntry' });

const outcome = {
  status: replayStatus, version: z.number().int(), price: pounds, leader: z.string().nullable(), winner: z.string().nullable(),
  hammer_price: pounds, ends_at: instant.nullable(), bid_count: z.number().int(), reserve_met: z.boolean(), text: z.string(),
};

/** GET /api/lots/{id}/price_log/. */
export const priceLogAnswer = z.object({
  lot: z.string(),
  entries: z.array(priceLogEntryAnswer),
  result: z.object(outcome),
  matches_live: z.boolean(),
  check: z.string().describe('Whether the replay ends as the live lot, in words.'),
}).meta({ id: 'PriceLog' });
export type PriceLogAnswer = z.infer<typeof priceLogAnswer>;

/** One step for auditors: the public step plus the real ids, the event and the maxima. */
const auditLotEntryAnswer = priceLogEntryAnswer.extend({
  event_id: z.string(), position: z.number().int(), recorded_at: instant, recorded_by: z.string().nullable(),
  actor_id: z.string().nullable(), actor_email: z.string().nullable(), leader_id: z.string().nullable(), winner_id: z.string().nullable(),
  max_bid: pounds, leader_max: pounds, reserve_price: pounds,
}).meta({ id: 'AuditLotEntry' });

/** GET /api/audit/lots/{id}/ (and its `?format=json` download). */
export const auditLotReplayAnswer = z.object({
  lot: z.object({
    id: z.string(),
    reference_no: z.string().optional(), title: z.string().optional(), auction_id: z.string().optional(), seller_id: z.string().optional(),
  }).describe('Only `id` when the lots read model has no row for it.'),
  entries: z.array(auditLotEntryAnswer),
  result: z.object({ ...outcome, leader_id: z.string().nullable(), winner_id: z.string().nullable(), reserve_price: pounds }),
  stream_version: z.number().int(),
  read_model: z.object({
    version: z.number().int(), status: replayStatus.exclude(['not_consigned']), current_price: pounds, leader_id: z.string().nullable(),
    winner_id: z.string().nullable(), hammer_price: pounds, ends_at: instant, bid_count: z.number().int(), reserve_met: z.boolean(), reserve_price: pounds,
  }).nullable().describe('The lots row as the comparison takes it; null when there is none.'),
  matches_read_model: z.boolean(),
  comparison: z.string(),
  compared_at_version: z.number().int().nullable(),
  differences: z.array(auditDifferenceAnswer),
  mismatches: z.number().int(),
  people: z.record(z.string(), z.object({ name: z.string(), email: z.string() })).describe('The users the replay mentions, by id.'),
}).meta({ id: 'AuditLotReplay' });
export type AuditLotReplayAnswer = z.infer<typeof auditLotReplayAnswer>;

const walletBalancesAnswer = z.object({ available: money, pending: money, posted: money, overdraft_limit: money }).meta({ id: 'WalletBalances' });

const cause = z.object({ kind: z.enum(['order', 'lot', 'withdrawal', 'voucher', 'payment', 'staff', 'system']), id: z.string() });

/** One wallet event replayed: what it moved and the balances right after it. */
const walletReplayEntryAnswer = z.object({
  position: z.number().int(), version: z.number().int(), at: instant, recorded_at: instant.nullable(), type: z.string().describe("The event's type."),
  kind: z.enum(['credit', 'debit', 'fee', 'adjustment', 'hold', 'capture', 'release', 'overdraft']),
  detail_kind: z.string().nullable(), entry_id: z.string().nullable(), amount: money, posted_change: money, available_change: money,
  balances: walletBalancesAnswer, caused_by: cause, related: z.array(cause),
  actor: z.object({ id: z.string().nullable(), reason: z.string().nullable() }), description: z.string(),
}).meta({ id: 'WalletReplayEntry' });

/** GET /api/audit/wallets/{userId}/. */
export const walletReplayAnswer = z.object({
  user: z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  version: z.number().int(),
  balances: walletBalancesAnswer,
  as_of: z.object({ at: instant, version: z.number().int(), balances: walletBalancesAnswer }).nullable().describe('The balances as of `?at=`; null without it.'),
  matches_read_model: z.boolean(),
  read_model_version: z.number().int(),
  differences: z.array(auditDifferenceAnswer),
  entries: z.array(walletReplayEntryAnswer),
}).meta({ id: 'WalletReplay' });
export type WalletReplayAnswer = z.infer<typeof walletReplayAnswer>;
