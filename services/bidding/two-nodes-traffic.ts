/**
 * Bid traffic for the multi-node fault tests: bids through the real endpoint of server processes, every acknowledged
 * (201) bid remembered per lot, and a background load that keeps bidding on some lots through a set of nodes without
 * waiting for answers (requests stuck on a cut-off node must not hold the next ones back), capped per lot.
 */
import { bearer, type TestUser } from '../testing/users';
import type { ServerProcess } from '../testing/server-process';

/** A request to a node that is cut off gets no answer; the client gives up after this (its bid is then unknown). */
const CLIENT_TIMEOUT_MS = 30_000;
/** New bids keep coming while older ones wait out a cut-off holder (a forward gives up after 10 s, lot-router.ts). */
const MAX_IN_FLIGHT_PER_LOT = 60;
const PACE_MS = 200;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for a state, polling; fails with `what` after `ms` (a cap for loaded machines, not a measured time). */
export async function until(what: string, ok: () => Promise<boolean>, ms: number, detail = async () => ''): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what} ${await detail()}`);
    await sleep(50);
  }
}

export class BidTraffic {
  private readonly acks = new Map<string, string[]>();
  private readonly inFlight = new Map<string, Set<Promise<unknown>>>();
  private readonly avoided = new Set<ServerProcess>();
  private running = false;
  private loop: Promise<void> = Promise.resolve();

  async place(server: ServerProcess, user: TestUser, lotId: string, pence: number): Promise<{ status: number; body: Record<string, unknown> }> {
    const request = (async () => {
      const response = await fetch(`${server.url}/api/bids/`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...bearer(user) },
        body: JSON.stringify({ bid: String(pence / 100), lot: lotId }), signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      const body = await response.json().catch(() => null);
      if (response.status === 201) this.acks.set(lotId, [...(this.acks.get(lotId) ?? []), body.bid_id]);
      return { status: response.status, body };
    })();
    const pending = this.inFlight.get(lotId) ?? new Set();
    this.inFlight.set(lotId, pending);
    pending.add(request);
    return request.finally(() => pending.delete(request));
  }

  /** Bids on `lots` in the background, rising from `fromPence`, through the servers not avoided, in turn. */
  start(servers: ServerProcess[], users: TestUser[], lots: string[], fromPence: number): void {
    this.running = true;
    this.loop = (async () => {
      let pence = fromPence;
      for (let n = 0; this.running; n++) {
        const usable = servers.filter((s) => !this.avoided.has(s));
        for (const lotId of lots) {
          if ((this.inFlight.get(lotId)?.size ?? 0) >= MAX_IN_FLIGHT_PER_LOT) continue;
          pence += 100;
          this.place(usable[n % usable.length], users[n % users.length], lotId, pence).catch(() => undefined);
        }
        await sleep(PACE_MS);
      }
    })();
  }

  /** From now on the background load leaves this server out (the test cut it off). */
  avoid(server: ServerProcess): void {
    this.avoided.add(server);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  /** Every request sent so far has its answer (or was given up on). */
  async settled(): Promise<void> {
    for (;;) {
      const pending = [...this.inFlight.values()].flatMap((s) => [...s]);
      if (pending.length === 0) return;
      await Promise.allSettled(pending);
    }
  }

  acked(lotId: string): string[] {
    return this.acks.get(lotId) ?? [];
  }

  ackedCount(): number {
    return [...this.acks.values()].reduce((n, ids) => n + ids.length, 0);
  }
}
