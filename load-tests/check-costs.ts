/**
 * `npm run bench:check-costs`: the checkout's price check under load (issue #8's target: p95 < 50 ms for a draft of
 * 20 lots). A fresh database; one buyer with 20 won lots (half of them VAT lots, some past the 7-day due date, so
 * the late fee is computed), a wallet balance and a percent voucher; the server as a child process (production
 * mode); then autocannon posting the same delivery draft (France by DHL, card, insurance, voucher, wallet use) to
 * POST /api/checkout/delivery/check_costs/ for CHECK_COSTS_SECONDS (10) on CHECK_COSTS_CONNECTIONS (4), after a 2 s
 * warm-up. Prints the latency percentiles, the answers/s and the CPU each process used (so a busy machine shows).
 * Settings: CHECK_COSTS_SECONDS, CHECK_COSTS_CONNECTIONS, CHECK_COSTS_LOTS (20), DATABASE_URL (else an embedded
 * PostgreSQL). How to read it: docs/benchmarks.md "Checkout: check_costs".
 */
import os from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { loadConfig } from '../infra/config/config';
import { createContext, systemClock } from '../services/context';
import { runWalletCommand } from '../services/wallet/wallet-commands';
import { issueVoucher, wonLot, DAY } from '../services/checkout/testing';
import { prepareDatabase, createBidders } from './setup';
import { machineBusySeconds, startServer } from './server';
import { pgCpuBetween, samplePgCpu } from './pg-cpu';
import { exitWhenDone, ms, spread } from './stats';

const SECONDS = Number(process.env.CHECK_COSTS_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CHECK_COSTS_CONNECTIONS ?? 4);
const LOTS = Number(process.env.CHECK_COSTS_LOTS ?? 20);
const TARGET_P95_MS = 50;
const log = (m: string) => console.log(`[check-costs] ${m}`);

const DRAFT = {
  lots_from_storage: [], insurance: true, discount_code: 'BENCH10', used_from_wallet: '25.00', note_from_customer: 'Please pack well.',
  personal_information: { first_name: 'Load', last_name: 'Buyer', phone_number: '+447700900123', additional_phone_number: '', email: 'load@buyer.test' },
  billing_address: { country: 'united-kingdom', region: '', city: 'Edinburgh', street: '1 High Street', apartment: '', zip_code: 'EH1 1AA' },
  shipping_address: { country: 'france', region: '', city: 'Lyon', street: '1 Rue de la Paix', apartment: '', zip_code: '69001' },
  payment_method: { method: 'CARD', details: { card_number: '4242424242424242', expiry_date: '12/30', card_holder_name: 'Load Buyer', cvv: '123' } },
  storage_months: 0, storage_days: 45, storage_type: 'days',
};

interface Run { durationSeconds: number; latenciesMs: number[]; statuses: Record<string, number>; errors: number }

async function hammer(url: string, access: string, seconds: number): Promise<Run> {
  const latenciesMs: number[] = [];
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({
      url: `${url}/api/checkout/delivery/check_costs/`,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 10,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      body: JSON.stringify(DRAFT),
      setupClient: (client) => {
        client.on('response', (status: number, _bytes: number, durationMs: number) => {
          latenciesMs.push(durationMs);
          statuses[status] = (statuses[status] ?? 0) + 1;
        });
      },
    }, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('error', reject);
  });
  const ok = statuses['200'] ?? 0;
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  return { durationSeconds: result.duration, latenciesMs, statuses, errors: answered - ok + result.errors + result.timeouts };
}

async function main(): Promise<void> {
  const database = await prepareDatabase(log);
  const tokenSecret = randomBytes(48).toString('base64url');
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' }), databaseUrl: database.url, tokenSecret };
  const ctx = createContext(config, database.url, { poolSize: 4 });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    ctx.projections.start();
    const [buyer] = await createBidders(ctx, 1);
    log(`seeding ${LOTS} won lots, a wallet balance and a voucher`);
    const fixture = { ctx, clock: systemClock };
    for (let i = 0; i < LOTS; i++) {
      await wonLot(fixture, buyer.id, { hammerPence: 5_000 + i * 1_750, vatEnabled: i % 2 === 0, endedAgoMs: (1 + (i % 10)) * DAY, title: `Bench Malt ${i + 1}` });
    }
    await runWalletCommand(ctx, buyer.id, {
      type: 'CreditWallet', user_id: buyer.id, entry_id: randomUUID(), amount_pence: 10_000, kind: 'adjustment', description: 'Bench credit',
      reference: null, by: 'script', reason: 'benchmark', now: new Date().toISOString(),
    });
    await issueVoucher(fixture, 'BENCH10', { kind: 'percent', value: 1000 });
    await ctx.projections.settle();
    await ctx.projections.stop();

    server = await startServer({ databaseUrl: database.url, tokenSecret });
    log(`server up on ${server.url}`);
    const probe = await fetch(`${server.url}/api/checkout/delivery/check_costs/`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.access}` }, body: JSON.stringify(DRAFT),
    });
    const summary = await probe.json() as { items_count?: number; credit_debit_card?: string; late_payment_fee_amount?: string };
    if (probe.status !== 200 || summary.items_count !== LOTS) throw new Error(`check_costs answered ${probe.status}: ${JSON.stringify(summary)}`);
    log(`one answer: ${LOTS} lots, late fee £${summary.late_payment_fee_amount}, to pay by card £${summary.credit_debit_card}`);

    log('warm-up (2 s)');
    await hammer(server.url, buyer.access, 2);
    log(`measuring for ${SECONDS} s on ${CONNECTIONS} connections`);
    const before = { server: server.cpuSeconds(), generator: process.cpuUsage(), machine: machineBusySeconds(), pg: await samplePgCpu(database.url) };
    const run = await hammer(server.url, buyer.access, SECONDS);
    const generatorCpu = process.cpuUsage(before.generator);
    const seconds = run.durationSeconds;
    const cpu = {
      server: (server.cpuSeconds() - before.server) / seconds,
      generator: (generatorCpu.user + generatorCpu.system) / 1e6 / seconds,
      postgres: pgCpuBetween(before.pg, await samplePgCpu(database.url)) / seconds,
      machine: (machineBusySeconds() - before.machine) / seconds,
    };
    const latency = spread(run.latenciesMs);
    const perSecond = run.latenciesMs.length / seconds;
    const pass = latency.p95 < TARGET_P95_MS && run.errors === 0;
    console.log('');
    console.log(`Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load generator on the same machine`);
    console.log(`Run: ${seconds} s, ${CONNECTIONS} connections, one buyer, a delivery draft of ${LOTS} won lots`);
    console.log(`Answers/s:            ${perSecond.toFixed(0)}   (${run.latenciesMs.length} answers, statuses ${JSON.stringify(run.statuses)})`);
    console.log(`Latency p50/p95/p99:  ${ms(latency.p50)} / ${ms(latency.p95)} / ${ms(latency.p99)} (max ${ms(latency.max)})   ${pass ? 'PASS' : 'MISS'} (p95 < ${TARGET_P95_MS} ms, no errors)`);
    console.log(`Errors:               ${run.errors}`);
    console.log(`CPU (cores busy):     server ${cpu.server.toFixed(2)}, load generator ${cpu.generator.toFixed(2)}, PostgreSQL ${cpu.postgres.toFixed(2)}, ` +
      `other processes ${(cpu.machine - cpu.server - cpu.generator - cpu.postgres).toFixed(2)}; machine ${cpu.machine.toFixed(2)} of ${os.cpus().length}`);
    console.log('');
    console.log('| date | lots | connections | answers/s | p50 | p95 | p99 | errors | server / generator / PG / other cores |');
    console.log(`| ${new Date().toISOString().slice(0, 10)} | ${LOTS} | ${CONNECTIONS} | ${perSecond.toFixed(0)} | ${latency.p50.toFixed(1)} ms | ${latency.p95.toFixed(1)} ms | ` +
      `${latency.p99.toFixed(1)} ms | ${run.errors} | ${cpu.server.toFixed(2)} / ${cpu.generator.toFixed(2)} / ${cpu.postgres.toFixed(2)} / ` +
      `${(cpu.machine - cpu.server - cpu.generator - cpu.postgres).toFixed(2)} |`);
    if (!pass) process.exitCode = 1;
  } finally {
    await server?.stop();
    await ctx.db.destroy();
    await database.cleanup();
  }
}

exitWhenDone(main(), 'check-costs');
