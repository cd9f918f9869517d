/** What the sell-request calls share: the reference numbers, the target auction, the read-your-writes wait. */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { AppendResult } from '../../infra/event-store/types';
import { lastCursor } from '../../infra/commands/multi-stream';
import { ValidationError } from '../../domain/shared/errors';
import { SELL_MSG } from '../../domain/selling/sell-requests/messages';
import '../../projections/catalogue/auctions/tables';
import { awaitViews } from '../../infra/http/read-your-writes';

const AUCTION_NOT_FOUND = 'Auction not found.';

/** "S-000045": a running number (sequence of migration 0650; a number lost to a failed request is simply skipped). */
export async function nextSellReference(ctx: Pick<AppContext, 'db'>): Promise<string> {
  const { rows } = await sql<{ n: string }>`SELECT nextval('sell_request_numbers') AS n`.execute(ctx.db);
  return `S-${String(rows[0].n).padStart(6, '0')}`;
}

interface TargetAuction { id: string; year: number; sequence_no: number; start_date: Date; end_date: Date; bottles_add_deadline: Date }

/** The auction named in field `field`; `open`: it must still take bottles (before its bottles_add_deadline). */
export async function targetAuction(ctx: AppContext, auctionId: string, field: string, open: 'deadline' | 'not_started'): Promise<TargetAuction> {
  const auction = await ctx.db.selectFrom('auctions').select(['id', 'year', 'sequence_no', 'start_date', 'end_date', 'bottles_add_deadline'])
    .where('id', '=', auctionId).executeTakeFirst();
  if (!auction) throw new ValidationError({ [field]: [AUCTION_NOT_FOUND] });
  const now = ctx.clock.now().getTime();
  if (open === 'deadline' && now >= auction.bottles_add_deadline.getTime()) throw new ValidationError({ [field]: [SELL_MSG.deadlinePassed] });
  if (open === 'not_started' && now >= auction.start_date.getTime()) throw new ValidationError({ [field]: ['Choose an auction that has not started yet.'] });
  return auction;
}

export async function settled(ctx: AppContext, appends: AppendResult[]): Promise<void> {
  const cursor = lastCursor(appends);
  await awaitViews(ctx, cursor);
}
