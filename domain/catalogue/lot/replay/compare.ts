/**
 * The replay against the live read model. Compared at the version the read model has applied (projections follow
 * the store a moment later, so a read model behind the stream is catching up, not wrong); the caller says so.
 */
import { formatPounds } from '../format';
import { outcomeAt } from './replay';
import { formatInstant } from './time';
import type { LiveComparison, LiveDifference, LiveLotFigures, LotReplay, ReplayOutcome } from './types';

type Field = keyof Omit<LiveLotFigures, 'version'>;

const FIELDS: Field[] = ['status', 'current_price', 'leader_id', 'winner_id', 'hammer_price', 'ends_at', 'bid_count', 'reserve_met', 'reserve_price'];

/** Needs an auditor replay: the comparison is on real ids (the public only ever learns the yes/no). */
export function compareWithLive(replay: LotReplay, live: LiveLotFigures): LiveComparison {
  if (replay.audience !== 'auditor') throw new Error('compareWithLive needs the auditor replay (real ids)');
  const differences: LiveDifference[] = [];
  if (live.version > replay.entries.length) {
    differences.push({ field: 'version', replay: String(replay.entries.length), live: String(live.version) });
  }
  const version = Math.min(live.version, replay.entries.length);
  const outcome = outcomeAt(replay, version);
  for (const field of FIELDS) {
    const mine = show(field, replayValue(outcome, field));
    const theirs = show(field, live[field]);
    if (mine !== theirs) differences.push({ field, replay: mine, live: theirs });
  }
  const matches = differences.length === 0;
  return { matches, differences, version, text: matches ? matchText(outcome) : mismatchText(differences) };
}

function replayValue(outcome: ReplayOutcome, field: Field): unknown {
  switch (field) {
    case 'current_price': return outcome.price;
    default: return outcome[field];
  }
}

/** One canonical text per value, so instants and amounts compare however they were read. */
function show(field: Field, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (field === 'ends_at') return new Date(value as string).toISOString();
  if (field === 'current_price' || field === 'hammer_price' || field === 'reserve_price') return formatPounds(Number(value));
  return String(value);
}

function matchText(o: ReplayOutcome): string {
  const price = o.price === null ? 'no bids' : `price ${formatPounds(o.price)}`;
  const who = o.status === 'sold' ? `, winner ${o.winner}` : o.leader ? `, leader ${o.leader}` : '';
  const end = o.ends_at ? `, ${o.status === 'open' ? 'ends' : 'ended'} ${formatInstant(o.ends_at)}` : '';
  return `Replay matches the live lot: ${price}${who}${end}.`;
}

function mismatchText(differences: LiveDifference[]): string {
  const list = differences.map((d) => `${d.field}: replay ${d.replay}, live ${d.live}`).join('; ');
  return `THE REPLAY DOES NOT MATCH THE LIVE LOT: ${list}.`;
}
