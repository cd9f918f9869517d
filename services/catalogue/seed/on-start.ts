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
  id?: string;
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

/** Every auction's dates (as last rescheduled) and whether it finished, from the events. */
export async function knownAuctions(ctx: Pick<AppContext, 'db'>): Promise<KnownAuction[]> {
  const { rows } = await sql<{ type: string; id: string; start: string | null; end: string | null }>`
    SELECT type, data->>'auction_id' AS id, data->>'start_date' AS start, data->>'end_date' AS end
    FROM events WHERE type IN ('AuctionCreated', 'AuctionRescheduled', 'AuctionFinished')
    ORDER BY stream_id, stream_version`.execute(ctx.db);
  const auctions = new Map<string, KnownAuction>();
  for (const r of rows) {
    const known = auctions.get(r.id);
    if (r.type === 'AuctionFinished') {
      if (known) known.finished = true;
    } else {
      auctions.set(r.id, { id: r.id, start: new Date(r.start!), end: new Date(r.end!), finished: known?.finished ?? false });
    }
  }
  return [...auctions.values()];
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

  /** Resolves once the start seed (if any) has finished, whatever its outcome. */
  async settled(): Promise<void> {
    await this.running;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }
}
