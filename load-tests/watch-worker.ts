/**
 * The websocket watchers, in their own process (forked by watch-pool.ts) so that 10,000 sockets' messages do not
 * delay the load generator's timer: a ticket each, `/ws/lots/`, narrowed to one lot. Watchers are spread over the
 * lots' popularity ranks like the bids (Zipf): the hottest lot has the most watchers. Each records when every
 * lot_update arrived with which price; times are epoch milliseconds (performance.timeOrigin + now), the clock the
 * generator stamps its answers with. Only a little of each message is parsed (lot and price).
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Zipf } from './zipf';
import { firstAtLeast, pence, spread } from './stats';
import type { WatchRequest, WatchReply, LotAnswers } from './watch-pool';

interface Watcher {
  socket: WebSocket;
  rank: number;
  lotId: string;
  times: number[];
  prices: number[];
  confirm: (() => void) | null;
}

const watchers: Watcher[] = [];
let messages = 0;
const now = () => performance.timeOrigin + performance.now();
const LOT = /"lot_id":"([^"]+)"/;
const PRICE = /"current_bid":"([\d.]+)"/;

function reply(message: WatchReply): void {
  process.send!(message);
}

function openOne(httpUrl: string, wsUrl: string, rank: number, lotId: string): Promise<void> {
  return fetch(`${httpUrl}/api/auth/get_ws_ticket/`)
    .then((res) => res.json() as Promise<{ ticket_uuid: string }>)
    .then(({ ticket_uuid }) => new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${wsUrl}/ws/lots/?ticket=${ticket_uuid}`, { perMessageDeflate: false });
      const watcher: Watcher = { socket, rank, lotId, times: [], prices: [], confirm: null };
      const timeout = setTimeout(() => reject(new Error('watcher did not open within 20 s')), 20_000);
      watcher.confirm = () => {
        clearTimeout(timeout);
        watchers.push(watcher);
        resolve();
      };
      socket.on('error', reject);
      socket.on('message', (data) => receive(watcher, data.toString()));
    }));
}

function receive(w: Watcher, text: string): void {
  messages += 1;
  if (text.startsWith('{"purpose":"lot_update"')) {
    const price = PRICE.exec(text);
    if (price && LOT.exec(text)?.[1] === w.lotId) {
      w.times.push(now());
      w.prices.push(pence(price[1]));
    }
  } else if (text.includes('"purpose":"hello"')) {
    w.socket.send(JSON.stringify({ action: 'subscribe', lot_ids: [w.lotId] }));
  } else if (text.includes('"purpose":"subscribed"') && w.confirm) {
    const confirm = w.confirm;
    w.confirm = null;
    confirm();
  }
}

async function open(httpUrl: string, wsUrl: string, count: number, lotIds: string[], exponent: number): Promise<void> {
  const perRank = new Zipf(lotIds.length, exponent).apportion(count);
  const ranks = perRank.flatMap((n, rank) => Array.from({ length: n }, () => rank));
  for (let start = 0; start < ranks.length; start += 100) {
    await Promise.all(ranks.slice(start, start + 100).map((rank) => openOne(httpUrl, wsUrl, rank, lotIds[rank])));
  }
}

/** Every watcher moves to the lot of its rank in a new set of lots, and forgets what it received. */
async function resubscribe(lotIds: string[]): Promise<void> {
  await Promise.all(watchers.map((w) => new Promise<void>((resolve) => {
    w.lotId = lotIds[w.rank];
    w.times = [];
    w.prices = [];
    w.confirm = resolve;
    w.socket.send(JSON.stringify({ action: 'subscribe', lot_ids: [w.lotId] }));
  })));
  messages = 0;
}

/**
 * Lag of a price p for one watcher: when it first held a price >= p, minus when the first answer reported p.
 * Coalescing may skip p itself, never the latest; a (watcher, price) pair never reached counts as missed.
 */
function lag(answers: LotAnswers[]): WatchReply {
  const byLot = new Map(answers.map((a) => [a.lotId, a.prices]));
  const lags: number[] = [];
  let missed = 0;
  let samples = 0;
  for (const w of watchers) {
    for (const [price, answeredAt] of byLot.get(w.lotId) ?? []) {
      samples += 1;
      const i = firstAtLeast(w.prices, price);
      if (i < 0) missed += 1;
      else lags.push(Math.max(0, w.times[i] - answeredAt));
    }
  }
  const open = watchers.filter((w) => w.socket.readyState === WebSocket.OPEN).length;
  return { type: 'lag', lag: spread(lags), missed, samples, messages, open };
}


process.on('message', (message: WatchRequest) => {
  const fail = (error: unknown) => reply({ type: 'error', message: String(error) });
  if (message.type === 'open') {
    open(message.httpUrl, message.wsUrl, message.count, message.lotIds, message.exponent).then(() => reply({ type: 'ready', open: watchers.length }), fail);
  } else if (message.type === 'subscribe') {
    resubscribe(message.lotIds).then(() => reply({ type: 'ready', open: watchers.length }), fail);
  } else if (message.type === 'lag') {
    reply(lag(message.answers));
  } else if (message.type === 'close') {
    for (const w of watchers) w.socket.terminate();
    process.exit(0);
  }
});
// The parent going away ends the watchers too (no orphaned sockets).
process.on('disconnect', () => process.exit(0));
