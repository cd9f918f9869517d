/**
 * The lot replay's shapes (docs/audit.md, "Lot replay"). Money in pence, instants as ISO strings. In the public
 * audience every field that would name a real user or a secret (a maximum, the reserve) is null.
 */
import type { Pence } from '../../../shared/money';
import type { LotEventType } from '../events';

export type Audience = 'public' | 'auditor';

export type StepKind =
  | 'consigned'
  | 'first_bid'
  /** A lower challenger: the leader's proxy answers. */
  | 'proxy_answer'
  /** A higher challenger takes the lead. */
  | 'outbid'
  /** Equal maximums: the earlier keeps the lead. */
  | 'tie'
  /** The leader raises their own maximum. */
  | 'raise'
  | 'reserve_changed'
  | 'closed'
  | 'withdrawn'
  | 'edited'
  | 'rescheduled'
  | 'featured';

/** Where the lot stands after a step. */
export type ReplayStatus = 'not_consigned' | 'open' | 'sold' | 'unsold' | 'withdrawn';

export interface ReplayEntry {
  /** The event's stream version (1-based). */
  seq: number;
  type: LotEventType;
  kind: StepKind;
  /** When it happened (the event's own instant). */
  at: string;
  /** Who did it, as this audience may see it ("Bidder 2", "Seller", "Auction house", "System", or a real name). */
  actor: string;
  /** Auditor only. */
  actor_id: string | null;
  /** The reasoning in words and numbers. */
  text: string;
  previous_price: Pence | null;
  price: Pence | null;
  leader: string | null;
  /** Auditor only. */
  leader_id: string | null;
  bid_count: number;
  reserve_met: boolean;
  previous_ends_at: string;
  ends_at: string;
  extended: boolean;
  status: ReplayStatus;
  winner: string | null;
  /** Auditor only. */
  winner_id: string | null;
  hammer_price: Pence | null;
  /** Auditor only: the maximum this bid set. */
  max_bid: Pence | null;
  /** Auditor only: the leader's maximum after this step. */
  leader_max: Pence | null;
  /** Auditor only: the reserve after this step. */
  reserve_price: Pence | null;
  /** Set when re-running the live rules on the state before does not produce this very event. */
  mismatch: string | null;
}

export interface ReplayOutcome {
  status: ReplayStatus;
  /** The stream version the outcome is at. */
  version: number;
  price: Pence | null;
  leader: string | null;
  leader_id: string | null;
  winner: string | null;
  winner_id: string | null;
  hammer_price: Pence | null;
  ends_at: string | null;
  bid_count: number;
  reserve_met: boolean;
  reserve_price: Pence | null;
  text: string;
}

export interface LotReplay {
  lot_id: string;
  audience: Audience;
  entries: ReplayEntry[];
  outcome: ReplayOutcome;
  /** How many entries carry a `mismatch`. */
  mismatches: number;
}

/** What the live read model says about the lot (the `lots` row), for the comparison. */
export interface LiveLotFigures {
  /** The stream version the read model has applied. */
  version: number;
  status: Exclude<ReplayStatus, 'not_consigned'>;
  current_price: Pence | null;
  leader_id: string | null;
  winner_id: string | null;
  hammer_price: Pence | null;
  ends_at: string;
  bid_count: number;
  reserve_met: boolean;
  reserve_price: Pence | null;
}

export interface LiveDifference {
  field: string;
  replay: string;
  live: string;
}

export interface LiveComparison {
  matches: boolean;
  differences: LiveDifference[];
  /** The version compared at (the read model's); below the stream's last version the read model is catching up. */
  version: number;
  text: string;
}
