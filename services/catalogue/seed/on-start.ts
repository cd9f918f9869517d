/**
 * Outside production, `npm start` always serves a live auction: when none is live (or none is upcoming), the demo
 * seed adds what is missing in the background (the server is already answering); an empty house gets past auctions
 * with results too. The decision reads the event store, not a read model, so a
 * projection still catching up can never make it seed twice. Switch it off with SEED_ON_START=false.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { seedDemoHouse } from './seed-house';

/** Which parts of the demo house to seed; null = nothing. */
export type SeedNeed = { past: boolean; live: boolean; next: boolean } | null;

export interface KnownAuction {
  start: Date;
  end: Date;
  finished: boolean;
}

export function seedNeed(input: { production: boolean; env: NodeJS.ProcessEnv; auctions: KnownAuction[]; now: Date }): SeedNeed {
  if (input.production || input.env.NODE_ENV === 'test' || input.env.SEED_ON_START === 'false') return null;
  if (input.auctions.length === 0) return { past: true, live: true, next: true };
  const now = input.now.getTime();
  const open = input.auctions.filter((a) => !a.finished);
  const live = open.some((a) => a.start.getTime() <= now && a.end.getTime() > now);
  const upcoming = open.some((a) => a.start.getTime() > now);
  return live && upcoming ? null : { past: false, live: !live, next: !upcoming };
}

async function knownAuctions(ctx: AppContext): Promise<KnownAuction[]> {
  const { rows } = await sql<{ type: string; id: string; start: string | null; end: string | null }>`
    SELECT type, data->>'auction_id' AS id, data->>'start_date' AS start, data->>'end_date' AS end
    FROM events WHERE type IN ('AuctionCreated', 'AuctionFinished')`.execute(ctx.db);
  const finished = new Set(rows.filter((r) => r.type === 'AuctionFinished').map((r) => r.id));
  return rows
    .filter((r) => r.type === 'AuctionCreated')
    .map((r) => ({ start: new Date(r.start!), end: new Date(r.end!), finished: finished.has(r.id) }));
}

export class StartSeeder {
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    const base = { production: this.ctx.config.production, env: process.env, now: this.ctx.clock.now() };
    if (seedNeed({ ...base, auctions: [] }) === null) return;
    const need = seedNeed({ ...base, auctions: await knownAuctions(this.ctx) });
    if (!need) return;
    const parts = Object.entries(need).filter(([, wanted]) => wanted).map(([part]) => part).join(', ');
    this.ctx.log.info(`Demo seed: seeding the missing parts of the demo house (${parts} auctions)`);
    const now = this.ctx.clock.now();
    this.running = seedDemoHouse(this.ctx, { now, signal: this.abort.signal, parts: need })
      .then((s) => this.ctx.log.info(`Demo seed done: ${s.lots} lots, ${s.bids} bids`))
      .catch((error) => this.ctx.log.error({ err: error }, 'demo seed failed'));
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }
}
