/**
 * The traffic beside the bids in `npm run load-test:logins`: a flood of failed logins at a fixed rate from many
 * addresses (open loop: it does not slow down when the server does, as an attacker would not), a browse mix
 * (listing, lot page, search) on a few connections, and a few good logins from a clean address, one at a time.
 * Loopback only; X-Forwarded-For carries the addresses (the server runs with TRUST_PROXY=true).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

export interface Tally { statuses: Record<string, number>; latenciesMs: number[]; errors: number }

const tally = (): Tally => ({ statuses: {}, latenciesMs: [], errors: 0 });

async function timedFetch(into: Tally, url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    into.latenciesMs.push(performance.now() - started);
    into.statuses[res.status] = (into.statuses[res.status] ?? 0) + 1;
    return res.status;
  } catch {
    into.errors++;
    return 0;
  }
}

const loginInit = (email: string, password: string, ip: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
  body: JSON.stringify({ email, password, remember_me: false }),
});

export interface FloodOptions {
  url: string;
  perSecond: number;
  seconds: number;
  /** Distinct source addresses, used in turn. */
  addresses: number;
  /** Existing accounts the flood guesses at; every other attempt uses an email no account has. */
  knownEmails: string[];
  /** The most requests left unanswered at once (so the generator itself stays bounded); more are skipped. */
  maxInFlight?: number;
}

export async function floodLogins(options: FloodOptions): Promise<Tally & { sent: number; skipped: number }> {
  const into = tally();
  const maxInFlight = options.maxInFlight ?? 1_000;
  let sent = 0;
  let skipped = 0;
  let inFlight = 0;
  const pending = new Set<Promise<unknown>>();
  const started = performance.now();
  const total = Math.round(options.perSecond * options.seconds);
  for (let i = 0; i < total; i++) {
    // Open loop: request i leaves at i / rate, whatever the answers before it did.
    const due = started + (i * 1000) / options.perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight >= maxInFlight) { skipped++; continue; }
    const n = i % options.addresses;
    const ip = `10.77.${n >> 8}.${n & 255}`;
    const email = i % 2 === 0 && options.knownEmails.length > 0
      ? options.knownEmails[(i >> 1) % options.knownEmails.length]
      : `nobody-${randomBytes(4).toString('hex')}@flood.test`;
    inFlight++;
    sent++;
    const request = timedFetch(into, `${options.url}/api/auth/login/`, loginInit(email, 'Wrong!Guess123', ip)).finally(() => {
      inFlight--;
      pending.delete(request);
    });
    pending.add(request);
  }
  await Promise.all(pending);
  return { ...into, sent, skipped };
}

/** Closed loop: `connections` readers, each going round the listing, the lot page and a search. */
export async function browse(url: string, lotId: string, seconds: number, connections: number): Promise<Tally> {
  const into = tally();
  const paths = ['/api/lots/filters/?live=true', `/api/lots/${lotId}/`, '/api/search_lots/?search=whisky'];
  const until = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async (_, c) => {
    for (let i = c; performance.now() < until; i++) await timedFetch(into, `${url}${paths[i % paths.length]}`, {});
  }));
  return into;
}

/**
 * A real user signing in now and then from a clean address during the flood: one login every `everyMs`, each with
 * the right password. A 503 is retried after its Retry-After, as the client would, and the time counts from the
 * first try (what the user waits). Records the status of the last try.
 */
export async function goodLogins(url: string, email: string, password: string, seconds: number, everyMs: number): Promise<Tally & { retries: number }> {
  const into = tally();
  let retries = 0;
  const until = performance.now() + seconds * 1000;
  const ip = '192.0.2.1';
  while (performance.now() < until) {
    const started = performance.now();
    let status = 0;
    const attempt = tally();
    for (let tries = 0; tries < 5; tries++) {
      status = await timedFetch(attempt, `${url}/api/auth/login/`, loginInit(email, password, ip));
      if (status !== 503) break;
      retries++;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    into.latenciesMs.push(performance.now() - started);
    into.statuses[status] = (into.statuses[status] ?? 0) + 1;
    into.errors += attempt.errors;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return { ...into, retries };
}
