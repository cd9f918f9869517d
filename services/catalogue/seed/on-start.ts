/**
 * Outside production, `npm start` always serves an auction: when no auction is live or upcoming, the demo seed runs
 * in the background (the server is already answering). The decision reads the event store, not a read model, so a
 * projection still catching up can never make it seed twice. Switch it off with SEED_ON_START=false.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { seedDemoHouse } from './seed-house';

export type SeedNeed = 'none' | 'full' | 'live_and_next';

export interface KnownAuction {
  end: Date;
  finished: boolean;
}

export function seedNeed(input: { production: boolean; env: NodeJS.ProcessEnv; auctions: KnownAuction[]; now: Date }): SeedNeed {
  if (input.production || input.env.NODE_ENV === 'test' || input.env.SEED_ON_START === 'false') return 'none';
  if (input.auctions.length === 0) return 'full';
  const liveOrUpcoming = input.auctions.some((a) => !a.finished && a.end.getTime() > input.now.getTime());
  return liveOrUpcoming ? 'none' : 'live_and_next';
}

async function knownAuctions(ctx: AppContext): Promise<KnownAuction[]> {
  const { rows } = await sql<{ type: string; id: string; end: string | null }>`
    SELECT type, data->>'auction_id' AS id, data->>'end_date' AS end
    FROM events WHERE type IN ('AuctionCreated', 'AuctionFinished')`.execute(ctx.db);
  const finished = new Set(rows.filter((r) => r.type === 'AuctionFinished').map((r) => r.id));
  return rows.filter((r) => r.type === 'AuctionCreated').map((r) => ({ end: new Date(r.end!), finished: finished.has(r.id) }));
}

export class StartSeeder {
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    const base = { production: this.ctx.config.production, env: process.env, now: this.ctx.clock.now() };
    if (seedNeed({ ...base, auctions: [] }) === 'none') return;
    const need = seedNeed({ ...base, auctions: await knownAuctions(this.ctx) });
    if (need === 'none') return;
    this.ctx.log.info(`Demo seed: no live or upcoming auction, seeding (${need === 'full' ? 'past, live and next auctions' : 'a live and a next auction'})`);
    const now = this.ctx.clock.now();
    this.running = seedDemoHouse(this.ctx, { now, signal: this.abort.signal, parts: { past: need === 'full', live: true, next: true } })
      .then((s) => this.ctx.log.info(`Demo seed done: ${s.lots} lots, ${s.bids} bids`))
      .catch((error) => this.ctx.log.error({ err: error }, 'demo seed failed'));
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }
}
