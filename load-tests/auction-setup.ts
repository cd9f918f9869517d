/**
 * One auction of `count` lots for the whole-auction scenario, made straight through the domain commands (the
 * bidding testing fixtures): lot ends are given per popularity rank, so a hot lot can end early or late.
 * Lots are consigned 16 at a time, with this process's projection runner on only meanwhile (the server's runner
 * keeps working; the two never apply the same batch).
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../services/context';
import { createAuction, HOUR } from '../services/bidding/testing';
import { lotDecider } from '../domain/catalogue/lot/decide';
import { lotStream } from '../services/catalogue/streams';

interface AuctionSet {
  auctionId: string;
  /** Lot ids, hottest rank first. */
  lotIds: string[];
  /** Each lot's advertised end (epoch ms), same order. */
  endsAt: number[];
}

export async function createAuctionLots(ctx: AppContext, endsInMs: number[], log: (m: string) => void): Promise<AuctionSet> {
  ctx.projections.start();
  try {
    const now = new Date();
    const auctionId = await createAuction(ctx, now, Math.max(...endsInMs));
    const lotIds = endsInMs.map(() => randomUUID());
    for (let start = 0; start < endsInMs.length; start += 16) {
      await Promise.all(lotIds.slice(start, start + 16).map((lotId, j) => consign(ctx, now, auctionId, lotId, endsInMs[start + j])));
    }
    // The read models catch up before bidding starts (not needed by the bid path; keeps a backlog out of the step).
    await ctx.projections.settle(120_000).catch(() => log('the read models are still catching up with the new lots'));
    return { auctionId, lotIds, endsAt: endsInMs.map((ms) => now.getTime() + ms) };
  } finally {
    await ctx.projections.stop();
  }
}

/** As the bidding fixtures' createLot, without waiting for the projections after each lot. */
async function consign(ctx: AppContext, now: Date, auctionId: string, lotId: string, endsInMs: number): Promise<void> {
  await ctx.commands.handle(lotStream(lotId), lotDecider, {
    type: 'ConsignLot', lot_id: lotId, auction_id: auctionId, seller_id: randomUUID(), reference_no: `R-${lotId.slice(0, 6)}`,
    item: {
      title: 'Macallan 18', subtitle: 'Sherry Oak', description: 'A bottle.', distillery: { name: 'Macallan', region: 'Speyside' },
      estimated_value_pence: 30_000, photos: [], type: 'bottle', age: 18, volume_ml: 700, abv: 43, cask_type: null, cask_number: null,
      bottled_at: null, distilled_at: null,
    },
    reserve_price_pence: null, reserve_fee_pence: 0, opening_bid_pence: null, vat_enabled: false, warehouse: null, is_group_lot: false,
    group_items: [], custom_title: null, custom_subtitle: null, custom_description: null, featured: false,
    starts_at: new Date(now.getTime() - HOUR).toISOString(), ends_at: new Date(now.getTime() + endsInMs).toISOString(), by: 'staff', now: now.toISOString(),
  });
}

/** Ends staggered evenly over [offset, offset + spread], dealt to the ranks in a random order. */
export function staggeredEnds(count: number, offsetMs: number, spreadMs: number): number[] {
  const ends = Array.from({ length: count }, (_, i) => offsetMs + Math.round((i * spreadMs) / Math.max(1, count - 1)));
  for (let i = ends.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [ends[i], ends[j]] = [ends[j], ends[i]];
  }
  return ends;
}
