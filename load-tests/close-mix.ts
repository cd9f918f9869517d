/**
 * The traffic beside the bids in `npm run load-test:close`'s closing run (issue #17's soak, LOAD_CLOSE_MIX=0 turns it
 * off): failed logins at LOAD_CLOSE_LOGINS per second from many addresses (their own process), a browse mix
 * (listing, lot page, search) on 4 connections, and a good login every second from a clean address. Reports every
 * status; a 5xx is an error except the password queue's deliberate 503 with Retry-After on logins.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../services/context';
import { createAccount } from '../services/accounts/create-account';
import { hashPassword } from '../services/accounts/passwords';
import { browse, floodLogins, goodLogins, type FloodResult, type Tally } from './login-traffic';
import { spread } from './stats';

const GOOD_PASSWORD = 'Good!Login2026';

export interface MixAccounts { good: string; known: string[] }
interface MixResult { flood: FloodResult; browsing: Tally; good: Tally & { retries: number } }

/** One account that signs in for real, and a few the flood guesses at. */
export async function mixAccounts(ctx: AppContext): Promise<MixAccounts> {
  const hash = await hashPassword(GOOD_PASSWORD);
  const make = async (name: string) => {
    const email = `${name}-${randomBytes(3).toString('hex')}@load.test`;
    await createAccount(ctx, { email, password_hash: hash, verified: true, by: 'script' });
    return email;
  };
  const good = await make('good');
  const known: string[] = [];
  for (let i = 0; i < 20; i++) known.push(await make(`flood-${i}`));
  return { good, known };
}

export function runMix(url: string, lotId: string, accounts: MixAccounts, seconds: number, perSecond: number): Promise<MixResult> {
  return Promise.all([
    floodLogins({ url, perSecond, seconds, addresses: 100, knownEmails: accounts.known }),
    browse(url, lotId, seconds, 4),
    goodLogins(url, accounts.good, GOOD_PASSWORD, seconds, 1_000),
  ]).then(([flood, browsing, good]) => ({ flood, browsing, good }));
}

const count = (statuses: Record<string, number>, test: (status: number) => boolean) =>
  Object.entries(statuses).reduce((n, [status, c]) => n + (test(Number(status)) ? c : 0), 0);

/** 5xx that are errors: every 5xx of browsing, and of logins all but the queue's deliberate 503s. */
export function mixErrors(mix: MixResult): number {
  const loginErrors = (s: Record<string, number>) => count(s, (x) => x >= 500 && x !== 503);
  return count(mix.browsing.statuses, (x) => x >= 500) + loginErrors(mix.flood.statuses) + loginErrors(mix.good.statuses)
    + mix.browsing.errors + mix.flood.errors + mix.good.errors;
}

export function printMix(mix: MixResult): void {
  const goodSpread = spread(mix.good.latenciesMs);
  const browseSpread = spread(mix.browsing.latenciesMs);
  console.log('Beside the bids (the login and browse mix):');
  console.log(`  failed logins: ${mix.flood.sent} sent, statuses ${JSON.stringify(mix.flood.statuses)}, p50 ${mix.flood.latency.p50.toFixed(0)} ms, p99 ${mix.flood.latency.p99.toFixed(0)} ms, ${mix.flood.errors} errors`);
  console.log(`  browsing: ${mix.browsing.latenciesMs.length} requests, statuses ${JSON.stringify(mix.browsing.statuses)}, p50 ${browseSpread.p50.toFixed(0)} ms, p99 ${browseSpread.p99.toFixed(0)} ms`);
  console.log(`  good logins: ${mix.good.latenciesMs.length}, statuses ${JSON.stringify(mix.good.statuses)}, p95 ${goodSpread.p95.toFixed(0)} ms (target < 1000), ${mix.good.retries} retried after a 503`);
  console.log(`  5xx errors beside the bids: ${mixErrors(mix)} (target 0; the password queue's 503s are its answer to the flood)`);
}
