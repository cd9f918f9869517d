/** The words for every lot event that is not a bid: consignment, reserve changes, the close, staff corrections. */
import { assertNever } from '../../../shared/decider';
import type { LotEvent } from '../events';
import { formatPounds } from '../format';
import type { LotState } from '../state';
import type { Explained } from './explain-bid';
import { formatInstant } from './time';
import type { Voice } from './voice';

type NonBid = Exclude<LotEvent, { type: 'BidPlaced' }>;

const money = (pence: number | null) => (pence === null ? 'none' : formatPounds(pence));

export function explainOther(before: LotState, event: NonBid, voice: Voice): Explained {
  switch (event.type) {
    case 'LotConsigned': {
      const d = event.data;
      const shown = voice.reserve(d.reserve_price_pence);
      const reserve = d.reserve_price_pence === null ? 'no reserve' : shown ? `reserve ${shown}` : 'with a reserve';
      return {
        kind: 'consigned',
        text: `Consigned: opening bid ${formatPounds(d.opening_bid_pence)}, ${reserve}, bidding from ${formatInstant(d.starts_at)} to ${formatInstant(d.ends_at)}.`,
      };
    }
    case 'ReservePriceChanged':
      return { kind: 'reserve_changed', text: reserveChanged(before, event.data, voice) };
    case 'LotClosed': {
      const d = event.data;
      const at = formatInstant(d.ends_at);
      if (d.withdrawn) {
        const price = d.final_price === null ? 'no bids' : `the price had reached ${formatPounds(d.final_price)}`;
        return { kind: 'closed', text: `The lot closes with the withdrawal at ${at}: no winner (${price}).` };
      }
      if (d.outcome === 'sold' && d.winner_id !== null && d.hammer_price !== null) {
        const max = voice.max(d.winner_id, before.leaderMax);
        const winner = `${voice.bidder(d.winner_id)}${max ? ` (maximum ${max})` : ''}`;
        const reserve = d.reserve_price_pence === null ? '' : `; the reserve${withAmount(voice.reserve(d.reserve_price_pence))} was met`;
        return { kind: 'closed', text: `The lot closes at ${at}: sold to ${winner} at the hammer price ${formatPounds(d.hammer_price)}${reserve}.` };
      }
      if (d.final_price === null) return { kind: 'closed', text: `The lot closes at ${at}: unsold, there were no bids.` };
      return {
        kind: 'closed',
        text: `The lot closes at ${at}: unsold, the highest bid ${formatPounds(d.final_price)} did not reach the reserve${withAmount(voice.reserve(d.reserve_price_pence))}.`,
      };
    }
    case 'LotWithdrawn': {
      const d = event.data;
      const reason = voice.audience === 'auditor' ? `, reason: "${d.reason}"` : '';
      return { kind: 'withdrawn', text: `${voice.role('staff', d.by)} withdraws the lot at ${formatInstant(d.at)}${reason}.` };
    }
    case 'LotEdited': {
      const d = event.data;
      const fields = d.changed.map((f) => f.replace(/^item\./, '').replace(/_pence$/, '').replace(/_/g, ' '));
      const parts: string[] = [];
      if (d.opening_bid_pence !== before.openingBid) parts.push(`opening bid ${formatPounds(before.openingBid)} → ${formatPounds(d.opening_bid_pence)}`);
      if (d.reserve_price_pence !== before.reservePrice) {
        parts.push(voice.audience === 'auditor' ? `reserve ${money(before.reservePrice)} → ${money(d.reserve_price_pence)}` : 'reserve changed');
      }
      const detail = parts.length > 0 ? `: ${parts.join(', ')}` : '';
      return { kind: 'edited', text: `${voice.role('staff', d.edited_by)} corrects the lot before it starts (${fields.join(', ')})${detail}.` };
    }
    case 'LotEndRescheduled': {
      const d = event.data;
      return {
        kind: 'rescheduled',
        text: `${voice.role('staff', d.by)} moves the scheduled end from ${formatInstant(d.previous_ends_at)} to ${formatInstant(d.ends_at)} (bidding starts ${formatInstant(d.starts_at)}).`,
      };
    }
    case 'LotFeaturedSet': {
      const d = event.data;
      return { kind: 'featured', text: `${voice.role('staff', d.set_by)} ${d.featured ? 'features the lot' : 'takes the lot out of the featured lots'}.` };
    }
    default:
      return assertNever(event);
  }
}

function withAmount(shown: string | null): string {
  return shown ? ` ${shown}` : '';
}

function reserveChanged(before: LotState, d: Extract<LotEvent, { type: 'ReservePriceChanged' }>['data'], voice: Voice): string {
  const seller = voice.role('seller', d.seller_id);
  const head = d.reserve_price_pence === null
    ? `${seller} removes the reserve${withAmount(voice.reserve(d.previous_reserve_price_pence))}`
    : voice.audience === 'auditor'
      ? `${seller} changes the reserve from ${money(d.previous_reserve_price_pence)} to ${money(d.reserve_price_pence)}`
      : `${seller} changes the reserve (the amount is private)`;
  if (d.current_price === null) return `${head}: no bids yet, so the reserve is not met.`;
  if (d.current_price !== before.currentPrice && before.leaderId !== null) {
    const max = voice.max(before.leaderId, before.leaderMax);
    return `${head}: ${voice.bidder(before.leaderId)}'s maximum${max ? ` ${max}` : ''} covers it, so the price jumps from ${money(before.currentPrice)} to the reserve ${formatPounds(d.current_price)}.`;
  }
  return `${head}: the price stays ${formatPounds(d.current_price)} and the reserve is ${d.reserve_met ? 'met' : 'not met'}.`;
}
