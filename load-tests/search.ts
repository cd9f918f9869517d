/**
 * The search benchmark (docs/benchmarks.md "Search"): a fresh database (DATABASE_URL's server or an embedded
 * PostgreSQL) seeded with 100,000 lots straight into the read model (load-tests/search-seed.ts), then typical
 * searches, suggestions and filter counters through the real routes (Fastify inject: routing, validation, SQL,
 * the Lot API shape), one at a time, after a warm-up. Prints p50/p95/p99 per call and per query.
 *
 *   npm run bench:search                       # defaults: SEARCH_LOTS=100000 SEARCH_ROUNDS=60
 *   SEARCH_KEEP=1 npm run bench:search         # keep the seeded database (its URL is printed) to study plans
 *   SEARCH_REUSE_URL=postgres://... npm run bench:search   # measure on a database kept before, without seeding
 */
import os from 'node:os';
import { loadConfig } from '../infra/config/config';
import { createContext } from '../services/context';
import { buildApp } from '../services/app';
import { prepareDatabase } from './setup';
import { seedSearchCatalogue } from './search-seed';
import { ms, spread } from './stats';

const LOTS = Number(process.env.SEARCH_LOTS ?? 100_000);
const ROUNDS = Number(process.env.SEARCH_ROUNDS ?? 60);
const WARMUP = 5;

/** Budgets of issue #11: search and suggestions p95 < 50 ms, counters p95 < 100 ms. */
const CALLS = {
  search: {
    budget: 50,
    path: '/api/search_lots/',
    queries: [
      'search=macallan',
      'search=macallan%2018&sold_lot=true',
      'search=springbnk&sold_lot=true',
      'search=glen&sold_lot=true',
      'search=sherry%20cask&strict_search=true&sold_lot=true',
      'search=islay&live_lot=true',
      'search=laphroaig&sold_lot=true&ordering=-price&page_size=100',
      'search=ardbeg&sold_lot=true&region=Islay&type=bottle&page=3',
    ],
  },
  suggestions: {
    budget: 50,
    path: '/api/search_lots/suggestions/',
    queries: ['search=mac', 'search=springb&is_sold=true', 'search=laphroig&is_sold=true', 'search=glen&is_sold=true', 'search=isl&is_live=true', 'search=port%20ellen'],
  },
  counters: {
    budget: 100,
    path: '/api/search_lots/filter_counters/',
    queries: ['search=macallan&sold_lot=true', 'search=islay&sold_lot=true', 'search=glen&sold_lot=true&type=bottle', 'search=sherry', 'search=springbnk&sold_lot=true'],
  },
} as const;

const log = (m: string) => console.log(m);

async function main(): Promise<void> {
  const reuse = process.env.SEARCH_REUSE_URL;
  const database = reuse ? { url: reuse, cleanup: async () => {} } : await prepareDatabase(log);
  if (!reuse) {
    const started = Date.now();
    log(`Seeding ${LOTS.toLocaleString('en-GB')} lots...`);
    await seedSearchCatalogue(database.url, LOTS, 10_000, log);
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), databaseUrl: database.url };
  const ctx = createContext(config, database.url, { poolSize: 10 });
  const app = await buildApp(ctx);
  await app.ready();
  try {
    const rows: string[][] = [];
    const verdicts: string[] = [];
    const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
    log(`Machine: ${os.cpus().length} CPUs, load average before: ${load()}`);
    for (const [name, call] of Object.entries(CALLS)) {
      const all: number[] = [];
      for (const query of call.queries) {
        const url = `${call.path}?${query}`;
        const times: number[] = [];
        let answer = '';
        for (let i = 0; i < WARMUP + ROUNDS; i++) {
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url });
          const took = performance.now() - t0;
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          if (i >= WARMUP) times.push(took);
          if (i === 0) answer = summary(res.json());
        }
        all.push(...times);
        const s = spread(times);
        rows.push([name, decodeURIComponent(query), answer, ms(s.p50), ms(s.p95)]);
      }
      const s = spread(all);
      rows.push([name, '(all queries)', `${s.count} calls`, ms(s.p50), ms(s.p95)]);
      verdicts.push(`${name}: p95 ${ms(s.p95)} (budget ${call.budget} ms) ${s.p95 < call.budget ? 'OK' : 'OVER BUDGET'}`);
    }
    printTable(['call', 'query', 'answer', 'p50', 'p95'], rows);
    log(`load average after: ${load()} (figures well above the budgets with a load far above the CPU count measure the queue, not the query)`);
    log('');
    for (const v of verdicts) log(v);
  } finally {
    await app.close();
    await ctx.db.destroy();
    if (process.env.SEARCH_KEEP) log(`kept the database: ${database.url}`);
    else await database.cleanup();
  }
}

function summary(body: unknown): string {
  const b = body as { count?: number; suggestions?: unknown[]; distillery?: unknown[] };
  if (typeof b.count === 'number') return `${b.count} lots`;
  if (Array.isArray(b.suggestions)) return `${b.suggestions.length} suggestions`;
  if (Array.isArray(b.distillery)) return `${b.distillery.length} distilleries`;
  return '';
}

function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  log(line(head));
  log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) log(line(r));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
