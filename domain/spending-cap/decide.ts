/** The spending-cap decider: one function per command, dispatch only here. */
import { assertNever, type Decider } from '../shared/decider';
import { RuleBroken } from '../shared/errors';
import type { BidCountedAgainstCap, SpendingCapEvent } from './events';
import type { CountBidAgainstCap, RemoveSpendingCap, SetSpendingCap, SpendingCapCommand } from './commands';
import { evolveSpendingCap, initialSpendingCapState, type SpendingCapState } from './state';
import { assertCapInRange, CAP_MESSAGES, overCapMessage } from './rules';

function setSpendingCap(command: SetSpendingCap, state: SpendingCapState): SpendingCapEvent[] {
  if (!command.auction_open) throw new RuleBroken(CAP_MESSAGES.auctionEnded);
  assertCapInRange(command.cap);
  if (state.cap === command.cap) return [];
  const { user_id, auction_id, cap, now } = command;
  return [{ type: 'SpendingCapSet', data: { user_id, auction_id, cap, previous_cap: state.cap, at: now } }];
}

function removeSpendingCap(command: RemoveSpendingCap, state: SpendingCapState): SpendingCapEvent[] {
  if (state.cap === null) throw new RuleBroken(CAP_MESSAGES.noCap);
  const { user_id, auction_id, now } = command;
  return [{ type: 'SpendingCapRemoved', data: { user_id, auction_id, previous_cap: state.cap, at: now } }];
}

/** A bid under a removed cap is still recorded: the stream stays the bidder's serialisation point in the auction. */
function countBidAgainstCap(command: CountBidAgainstCap, state: SpendingCapState): BidCountedAgainstCap[] {
  const exposure = command.exposure_elsewhere + command.lot_exposure;
  if (state.cap !== null && exposure > state.cap) throw new RuleBroken(overCapMessage(exposure, state.cap));
  const { user_id, auction_id, lot_id, bid_id, max_bid, lot_exposure, lot_version, now } = command;
  return [{
    type: 'BidCountedAgainstCap',
    data: { user_id, auction_id, lot_id, bid_id, max_bid, lot_exposure, lot_version, exposure, cap: state.cap, at: now },
  }];
}

function decideSpendingCap(command: SpendingCapCommand, state: SpendingCapState): SpendingCapEvent[] {
  switch (command.type) {
    case 'SetSpendingCap':
      return setSpendingCap(command, state);
    case 'RemoveSpendingCap':
      return removeSpendingCap(command, state);
    case 'CountBidAgainstCap':
      return countBidAgainstCap(command, state);
    default:
      return assertNever(command);
  }
}

export const spendingCapDecider: Decider<SpendingCapState, SpendingCapCommand, SpendingCapEvent> = {
  initialState: initialSpendingCapState,
  evolve: evolveSpendingCap,
  decide: decideSpendingCap,
};
