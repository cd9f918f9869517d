/**
 * Which bidders have a spending cap in which auction, as far as this process knows. Knowing costs nothing on the hot
 * path: an uncapped bid is appended with the guard "unless the bidder's cap stream exists" inside its own statement,
 * so a cap set a moment ago, even through another process, is never missed: the guard refuses the batch, names the
 * streams, and those bidders are remembered here from then on. A cap stream never goes away (a removed cap stays a
 * stream), so what is learned stays true.
 */
import type { LotCommand } from '../../domain/catalogue/lot/commands';
import type { LotState } from '../../domain/catalogue/lot/state';
import { spendingCapStream } from '../spending-cap/streams';

const MAX_REMEMBERED = 1_000_000;

export class CappedBidders {
  private readonly known = new Set<string>();

  needsCap(command: LotCommand, state: LotState): boolean {
    return command.type === 'PlaceBid' && this.known.has(spendingCapStream(command.bidder_id, state.auctionId));
  }

  guardStreams(commands: readonly LotCommand[], state: LotState): string[] {
    const streams = new Set<string>();
    for (const command of commands) {
      if (command.type === 'PlaceBid') streams.add(spendingCapStream(command.bidder_id, state.auctionId));
    }
    return [...streams];
  }

  learn(streamIds: readonly string[]): void {
    for (const id of streamIds) if (this.known.size < MAX_REMEMBERED) this.known.add(id);
  }
}
