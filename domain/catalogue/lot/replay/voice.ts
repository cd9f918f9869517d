/**
 * Who may read what in a replay (docs/audit.md, "Lot replay"). Auditors see everything. The public sees bidders as
 * "Bidder N" (numbered by first bid, as the public bid history numbers them), and a bidder's maximum only once
 * another bidder's maximum reached it: from then on the public history already implies it. So the current leader's
 * maximum is never shown, nor, after the close, the winner's. The reserve amount stays private (the lot page shows
 * it to the seller and staff only) except where the price jumped to it, which the price itself tells.
 */
import type { Pence } from '../../../shared/money';
import type { LotEvent } from '../events';
import { formatPounds } from '../format';
import type { Audience } from './types';

export interface Voice {
  audience: Audience;
  /** A bidder as this audience names them. */
  bidder(bidderId: string): string;
  /** Staff, the seller or the system, as this audience names them. */
  role(role: 'staff' | 'seller' | 'system', id: string | null): string;
  /** The bidder's maximum in pounds, or null when it must stay secret. */
  max(bidderId: string, amount: Pence): string | null;
  /** The reserve in pounds, or null when it must stay private. */
  reserve(amount: Pence | null): string | null;
  /** A real id, or null for the public. */
  id(id: string | null): string | null;
}

export interface VoiceOptions {
  audience: Audience;
  /** Auditors only: how to name a user in the text (e.g. "Alice Grant"); defaults to the id. */
  name?: (userId: string) => string | undefined;
}

export function voiceFor(events: readonly LotEvent[], options: VoiceOptions): Voice {
  const numbers = new Map<string, number>();
  // The highest maximum each bidder ever set, to tell whether another bidder's maximum reached a given one.
  const highest = new Map<string, Pence>();
  for (const event of events) {
    if (event.type !== 'BidPlaced') continue;
    const { bidder_id: id, max_bid: max } = event.data;
    if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
    highest.set(id, Math.max(highest.get(id) ?? 0, max));
  }
  const reachedByAnother = (bidderId: string, amount: Pence) => {
    for (const [other, max] of highest) if (other !== bidderId && max >= amount) return true;
    return false;
  };
  const anonymous = (id: string) => `Bidder ${numbers.get(id) ?? '?'}`;

  if (options.audience === 'auditor') {
    const named = (id: string) => options.name?.(id) ?? id;
    return {
      audience: 'auditor',
      bidder: named,
      role: (role, id) => (id && id !== 'system' ? named(id) : role === 'system' ? 'System' : role === 'seller' ? 'Seller' : 'Staff'),
      max: (_id, amount) => formatPounds(amount),
      reserve: (amount) => (amount === null ? null : formatPounds(amount)),
      id: (id) => id,
    };
  }
  return {
    audience: 'public',
    bidder: anonymous,
    role: (role) => (role === 'seller' ? 'Seller' : role === 'system' ? 'System' : 'Auction house'),
    max: (id, amount) => (reachedByAnother(id, amount) ? formatPounds(amount) : null),
    reserve: () => null,
    id: () => null,
  };
}
