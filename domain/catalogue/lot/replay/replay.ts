/**
 * Lot replay (docs/audit.md, "Lot replay"): the stream folded through the live `evolveLot`, every event re-decided by
 * the live `decideLot` on the state before it (a difference is an entry's `mismatch`), and each step explained
 * from the states around it. Refusals are not events, so they never appear.
 */
import type { LotEvent } from '../events';
import { evolveLot, initialLotState, isReserveMet, type LotState } from '../state';
import { formatPounds } from '../format';
import { toIso } from '../checks';
import { explainBid, type Explained } from './explain-bid';
import { explainOther } from './explain-other';
import { checkDecision } from './rebuild';
import { formatInstant } from './time';
import type { LotReplay, ReplayEntry, ReplayOutcome, ReplayStatus } from './types';
import { voiceFor, type Voice, type VoiceOptions } from './voice';

type ReplayOptions = VoiceOptions;

export function replayLot(events: readonly LotEvent[], options: ReplayOptions): LotReplay {
  const voice = voiceFor(events, options);
  const entries: ReplayEntry[] = [];
  const mismatches: (string | null)[] = new Array(events.length).fill(null);
  let state = initialLotState;
  let status: ReplayStatus = 'not_consigned';
  let closedEndsAt: string | null = null;
  let checkedUpTo = 0;

  events.forEach((event, i) => {
    if (i >= checkedUpTo) {
      const check = checkDecision(events, i, state);
      check.mismatches.forEach((m, k) => { mismatches[i + k] = m; });
      checkedUpTo = i + check.covered;
    }
    const before = state;
    state = evolveLot(state, event);
    const explained = explain(before, event, voice);
    if (event.type === 'LotConsigned') status = 'open';
    if (event.type === 'LotClosed') {
      status = event.data.withdrawn ? 'withdrawn' : event.data.outcome;
      closedEndsAt = event.data.ends_at;
    }
    entries.push(entry(i + 1, event, before, state, explained, voice, status, closedEndsAt, mismatches[i]!));
  });

  const last = entries.at(-1);
  return {
    lot_id: state.lotId,
    audience: voice.audience,
    entries,
    outcome: outcomeOf(last, voice),
    mismatches: entries.filter((e) => e.mismatch !== null).length,
  };
}

/** The lot as the replay leaves it after `version` events (the whole stream when omitted). */
export function outcomeAt(replay: LotReplay, version?: number): ReplayOutcome {
  const upTo = version === undefined ? replay.entries.length : Math.min(version, replay.entries.length);
  const voice = { audience: replay.audience } as Pick<Voice, 'audience'>;
  return outcomeOf(upTo > 0 ? replay.entries[upTo - 1] : undefined, voice);
}

function explain(before: LotState, event: LotEvent, voice: Voice): Explained {
  return event.type === 'BidPlaced' ? explainBid(before, event.data, voice) : explainOther(before, event, voice);
}

function actorOf(event: LotEvent): { role: 'bidder' | 'seller' | 'staff' | 'system'; id: string | null } {
  switch (event.type) {
    case 'BidPlaced': return { role: 'bidder', id: event.data.bidder_id };
    case 'ReservePriceChanged': return { role: 'seller', id: event.data.seller_id };
    case 'LotConsigned': return { role: 'staff', id: event.data.consigned_by };
    case 'LotEdited': return { role: 'staff', id: event.data.edited_by };
    case 'LotFeaturedSet': return { role: 'staff', id: event.data.set_by };
    case 'LotWithdrawn':
    case 'LotEndRescheduled': return { role: 'staff', id: event.data.by };
    case 'LotClosed': return { role: 'system', id: null };
  }
}

function atOf(event: LotEvent): string {
  switch (event.type) {
    case 'BidPlaced': return event.data.placed_at;
    case 'ReservePriceChanged': return event.data.changed_at;
    case 'LotConsigned': return event.data.consigned_at;
    case 'LotEdited': return event.data.edited_at;
    case 'LotFeaturedSet': return event.data.set_at;
    case 'LotClosed': return event.data.closed_at;
    case 'LotWithdrawn':
    case 'LotEndRescheduled': return event.data.at;
  }
}

function entry(
  seq: number, event: LotEvent, before: LotState, after: LotState, explained: Explained, voice: Voice,
  status: ReplayStatus, closedEndsAt: string | null, mismatch: string | null,
): ReplayEntry {
  const actor = actorOf(event);
  const bid = event.type === 'BidPlaced' ? event.data : null;
  const endsAt = closedEndsAt ?? toIso(after.endsAtMs);
  return {
    seq,
    type: event.type,
    kind: explained.kind,
    at: atOf(event),
    actor: actor.role === 'bidder' ? voice.bidder(actor.id!) : voice.role(actor.role, actor.id),
    actor_id: voice.id(actor.id),
    text: mismatch ? `MISMATCH: ${mismatch}. ${explained.text}` : explained.text,
    previous_price: before.currentPrice,
    price: after.currentPrice,
    leader: after.leaderId === null ? null : voice.bidder(after.leaderId),
    leader_id: voice.id(after.leaderId),
    bid_count: after.bidCount,
    reserve_met: isReserveMet(after.reservePrice, after.currentPrice),
    previous_ends_at: toIso(before.status === 'initial' ? after.endsAtMs : before.endsAtMs),
    ends_at: endsAt,
    extended: bid?.extended ?? false,
    status,
    winner: after.winnerId === null ? null : voice.bidder(after.winnerId),
    winner_id: voice.id(after.winnerId),
    hammer_price: after.hammerPrice,
    max_bid: voice.audience === 'auditor' && bid ? bid.max_bid : null,
    leader_max: voice.audience === 'auditor' && after.leaderId !== null ? after.leaderMax : null,
    reserve_price: voice.audience === 'auditor' ? after.reservePrice : null,
    mismatch: mismatch === null ? null : voice.audience === 'auditor' ? mismatch : 'This step is not what the bidding rules decide; the auction house has been told.',
  };
}

function outcomeOf(last: ReplayEntry | undefined, voice: Pick<Voice, 'audience'>): ReplayOutcome {
  if (!last) {
    return {
      status: 'not_consigned', version: 0, price: null, leader: null, leader_id: null, winner: null, winner_id: null, hammer_price: null,
      ends_at: null, bid_count: 0, reserve_met: true, reserve_price: null, text: 'The lot has no events.',
    };
  }
  const base = {
    status: last.status, version: last.seq, price: last.price, leader: last.leader, leader_id: last.leader_id, winner: last.winner,
    winner_id: last.winner_id, hammer_price: last.hammer_price, ends_at: last.ends_at, bid_count: last.bid_count,
    reserve_met: last.reserve_met, reserve_price: voice.audience === 'auditor' ? last.reserve_price : null,
  };
  return { ...base, text: outcomeText(base) };
}

function outcomeText(o: Omit<ReplayOutcome, 'text'>): string {
  const end = o.ends_at ? formatInstant(o.ends_at) : '';
  const price = o.price === null ? 'no bids' : formatPounds(o.price);
  switch (o.status) {
    case 'open':
      return o.price === null
        ? `The replay ends with the lot open, no bids yet, ending ${end}.`
        : `The replay ends with the lot open at ${price}, ${o.leader} leading${o.reserve_met ? '' : ' (reserve not met)'}, ending ${end}.`;
    case 'sold':
      return `The replay ends with the lot sold to ${o.winner} at the hammer price ${formatPounds(o.hammer_price ?? 0)}, ended ${end}.`;
    case 'unsold':
      return `The replay ends with the lot unsold (${o.price === null ? 'no bids' : `highest bid ${price}, reserve not met`}), ended ${end}.`;
    case 'withdrawn':
      return `The replay ends with the lot withdrawn, ended ${end}.`;
    case 'not_consigned':
      return 'The lot has no events.';
  }
}
