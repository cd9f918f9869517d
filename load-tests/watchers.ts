/**
 * Websocket watchers of the hot lot: each fetches a ticket, opens /ws/lots/, narrows it to the lot and records when
 * each lot_update arrived with which price. Delivery lag of a price p, for one watcher, is the time it first held a
 * price >= p minus the time the first bid answer reported p (coalescing may skip p itself, never the latest).
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { firstAtLeast, pence, spread, type Spread } from './stats';

interface Receipts {
  times: number[];
  prices: number[];
}

export interface LagReport {
  lag: Spread;
  /** (watcher, price) pairs never delivered. */
  missed: number;
  samples: number;
  messages: number;
}

export class Watchers {
  private readonly sockets: WebSocket[] = [];
  private readonly receipts: Receipts[] = [];

  constructor(private readonly httpUrl: string, private readonly wsUrl: string, private readonly lotId: string) {}

  /** Opens `count` watchers, 50 at a time; each is ready once its subscription is confirmed. */
  async open(count: number): Promise<void> {
    for (let start = 0; start < count; start += 50) {
      await Promise.all(Array.from({ length: Math.min(50, count - start) }, () => this.openOne()));
    }
  }

  get openCount(): number {
    return this.sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  }

  closeAll(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  lag(answered: Map<number, number>, maxSamples = 1000): LagReport {
    const prices = [...answered.keys()].sort((a, b) => a - b);
    const every = Math.max(1, Math.floor(prices.length / maxSamples));
    const sampled = prices.filter((_, i) => i % every === 0);
    const lags: number[] = [];
    let missed = 0;
    for (const r of this.receipts) {
      for (const price of sampled) {
        const i = firstAtLeast(r.prices, price);
        if (i < 0) missed += 1;
        else lags.push(Math.max(0, r.times[i] - answered.get(price)!));
      }
    }
    const messages = this.receipts.reduce((n, r) => n + r.times.length, 0);
    return { lag: spread(lags), missed, samples: sampled.length, messages };
  }

  private async openOne(): Promise<void> {
    const res = await fetch(`${this.httpUrl}/api/auth/get_ws_ticket/`);
    const { ticket_uuid } = (await res.json()) as { ticket_uuid: string };
    const socket = new WebSocket(`${this.wsUrl}/ws/lots/?ticket=${ticket_uuid}`);
    this.sockets.push(socket);
    const receipts: Receipts = { times: [], prices: [] };
    this.receipts.push(receipts);
    await new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('watcher did not open within 10 s')), 10_000);
      socket.on('error', reject);
      socket.on('close', (code) => reject(new Error(`watcher closed: ${code}`)));
      socket.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { purpose: string; lot_id?: string; current_bid?: string | null };
        if (m.purpose === 'lot_update' && m.lot_id === this.lotId && m.current_bid) {
          receipts.times.push(performance.now());
          receipts.prices.push(pence(m.current_bid));
        } else if (m.purpose === 'hello') {
          socket.send(JSON.stringify({ action: 'subscribe', lot_ids: [this.lotId] }));
        } else if (m.purpose === 'subscribed') {
          clearTimeout(timeout);
          resolve();
        }
      });
    });
  }
}

