/** The auction decider: dispatch only. */
import { assertNever, type Decider } from '../../shared/decider';
import type { AuctionCommand } from './commands';
import type { AuctionEvent } from './events';
import { evolveAuction, initialAuctionState, type AuctionState } from './state';
import { createAuction } from './create-auction';
import { finishAuction } from './finish-auction';
import { rescheduleAuction } from './reschedule-auction';

function decideAuction(command: AuctionCommand, state: AuctionState): AuctionEvent[] {
  switch (command.type) {
    case 'CreateAuction':
      return createAuction(command, state);
    case 'FinishAuction':
      return finishAuction(command, state);
    case 'RescheduleAuction':
      return rescheduleAuction(command, state);
    default:
      return assertNever(command);
  }
}

export const auctionDecider: Decider<AuctionState, AuctionCommand, AuctionEvent> = {
  initialState: initialAuctionState,
  evolve: evolveAuction,
  decide: decideAuction,
};
