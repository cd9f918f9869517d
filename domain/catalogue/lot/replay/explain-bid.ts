/**
 * The words for one accepted bid, computed from the state before, the event and the domain's own arithmetic
 * (stepFor, withReserveJump, SOFT_CLOSE_MS): which proxy case applied, the formula with its numbers, reserve jumps
 * and soft-close extensions. Secrets the audience may not see are named, never given ("Bidder 1's maximum").
 */
import type { BidPlaced } from '../events';
import { formatPounds } from '../format';
import { stepFor } from '../increments';
import { SOFT_CLOSE_MS } from '../place-bid';
import { withReserveJump } from '../proxy';
import { isReserveMet, type LotState } from '../state';
import type { StepKind } from './types';
import { formatInstant } from './time';
import type { Voice } from './voice';

export interface Explained {
  kind: StepKind;
  text: string;
}

function bidKind(before: LotState, d: BidPlaced['data']): StepKind {
  if (before.leaderId === null || before.currentPrice === null) return 'first_bid';
  if (before.leaderId === d.bidder_id) return 'raise';
  if (d.max_bid > before.leaderMax) return 'outbid';
  return d.max_bid === before.leaderMax ? 'tie' : 'proxy_answer';
}

export function explainBid(before: LotState, d: BidPlaced['data'], voice: Voice): Explained {
  const kind = bidKind(before, d);
  const [said, jumped] = core(kind, before, d, voice);
  const text = `${said}${jumped ? '' : reserveNote(before, d, voice)}${extension(before, d)}`;
  return { kind, text };
}

/** "Bidder 2's maximum £150" or "Bidder 2's maximum (secret)". */
function maxPhrase(voice: Voice, id: string, amount: number): string {
  return `${voice.bidder(id)}'s maximum ${voice.max(id, amount) ?? '(secret)'}`;
}

/** The amount inside a formula: "£400" or "Bidder 1's maximum". */
function maxTerm(voice: Voice, id: string, amount: number): string {
  return voice.max(id, amount) ?? `${voice.bidder(id)}'s maximum`;
}

/** ", raised to the reserve £200 (Bidder 1's maximum covers it)" when the reserve rule moved the price. */
function jump(base: number, price: number, leader: string, voice: Voice): string {
  if (price === base) return '';
  return `, raised to the reserve ${formatPounds(price)} (${voice.bidder(leader)}'s maximum covers it)`;
}

/** The sentence, and whether the reserve rule moved the price (the sentence then says so). */
function core(kind: StepKind, before: LotState, d: BidPlaced['data'], voice: Voice): [string, boolean] {
  const bidder = voice.bidder(d.bidder_id);
  const reserve = before.reservePrice;
  switch (kind) {
    case 'first_bid': {
      const base = before.openingBid;
      const price = withReserveJump(base, d.max_bid, reserve);
      return [`${maxPhrase(voice, d.bidder_id, d.max_bid)}, the first bid: price = the opening bid ${formatPounds(base)}${jump(base, price, d.bidder_id, voice)}, ${bidder} leads.`, price !== base];
    }
    case 'raise': {
      const from = voice.max(d.bidder_id, before.leaderMax);
      const to = voice.max(d.bidder_id, d.max_bid);
      const amounts = from && to ? ` from ${from} to ${to}` : ' (amounts secret)';
      const price = withReserveJump(before.currentPrice!, d.max_bid, reserve);
      if (price === before.currentPrice) {
        return [`${bidder}, already leading, raises their own maximum${amounts}: a raise is silent, the price stays ${formatPounds(price)}.`, false];
      }
      return [`${bidder}, already leading, raises their own maximum${amounts}: it now covers the reserve, so the price jumps from ${formatPounds(before.currentPrice!)} to the reserve ${formatPounds(price)}.`, true];
    }
    case 'outbid': {
      const leader = before.leaderId!;
      const step = stepFor(before.leaderMax);
      const base = Math.min(d.max_bid, before.leaderMax + step);
      const price = withReserveJump(base, d.max_bid, reserve);
      return [`${maxPhrase(voice, d.bidder_id, d.max_bid)} against ${voice.bidder(leader)}'s ${voice.max(leader, before.leaderMax) ?? 'maximum (secret)'}: `
        + `price = min(${maxTerm(voice, d.bidder_id, d.max_bid)}, ${maxTerm(voice, leader, before.leaderMax)} + ${formatPounds(step)} step) = ${formatPounds(base)}`
        + `${jump(base, price, d.bidder_id, voice)}, ${bidder} leads.`, price !== base];
    }
    case 'tie':
    case 'proxy_answer': {
      const leader = before.leaderId!;
      const step = stepFor(d.max_bid);
      const base = Math.min(before.leaderMax, d.max_bid + step);
      const price = withReserveJump(base, before.leaderMax, reserve);
      const against = kind === 'tie' ? 'equals' : 'against';
      const tie = kind === 'tie' ? '; a tie is won by the earlier maximum' : '';
      return [`${maxPhrase(voice, d.bidder_id, d.max_bid)} ${against} ${voice.bidder(leader)}'s ${voice.max(leader, before.leaderMax) ?? 'maximum (secret)'}: `
        + `price = min(${maxTerm(voice, leader, before.leaderMax)}, ${formatPounds(d.max_bid)} + ${formatPounds(step)} step) = ${formatPounds(base)}`
        + `${jump(base, price, leader, voice)}${tie}, ${voice.bidder(leader)} leads.`, price !== base];
    }
    default:
      throw new Error(`not a bid kind: ${kind}`);
  }
}

/** The reserve's state when the bid leaves it unmet, or when bidding itself (not a jump) reached it. */
function reserveNote(before: LotState, d: BidPlaced['data'], voice: Voice): string {
  if (before.reservePrice === null) return '';
  const shown = voice.reserve(before.reservePrice);
  if (!d.reserve_met) return ` The reserve${shown ? ` ${shown}` : ''} is not met yet.`;
  if (isReserveMet(before.reservePrice, before.currentPrice)) return '';
  return ` The reserve${shown ? ` ${shown}` : ''} is now met.`;
}

function extension(before: LotState, d: BidPlaced['data']): string {
  if (!d.extended) return '';
  const minutes = SOFT_CLOSE_MS / 60_000;
  return ` Placed within ${minutes} minutes of the end: the end moves from ${formatInstant(before.endsAtMs)} to ${formatInstant(d.ends_at)}.`;
}
