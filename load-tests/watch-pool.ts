/** The parent's side of the watchers process (watch-worker.ts): fork, open, move to new lots, ask for the lag. */
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Spread } from './stats';
import { cpuSecondsOf } from './server';

export interface LotAnswers {
  lotId: string;
  /** [price in pence, epoch ms when an answer first reported it] */
  prices: Array<[number, number]>;
}

export type WatchRequest =
  | { type: 'open'; httpUrl: string; wsUrl: string; count: number; lotIds: string[]; exponent: number }
  | { type: 'subscribe'; lotIds: string[] }
  | { type: 'lag'; answers: LotAnswers[] }
  | { type: 'close' };

export type WatchReply =
  | { type: 'ready'; open: number }
  | { type: 'lag'; lag: Spread; missed: number; samples: number; messages: number; open: number }
  | { type: 'error'; message: string };

export type LagResult = Extract<WatchReply, { type: 'lag' }>;

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'watch-worker.ts');

export class WatchPool {
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(WORKER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }

  /** CPU seconds the watchers process has used so far. */
  cpuSeconds(): number {
    return cpuSecondsOf(this.child.pid);
  }

  /**
   * `count` watchers spread over `lotIds` (hottest first) by Zipf with `exponent`; resolves with how many opened.
   * Tickets come from `httpUrl`; the sockets open on `liveUrl` (a live node) when given.
   */
  async open(httpUrl: string, count: number, lotIds: string[], exponent: number, liveUrl = httpUrl): Promise<number> {
    const reply = await this.ask({ type: 'open', httpUrl, wsUrl: liveUrl.replace(/^http/, 'ws'), count, lotIds, exponent }, 300_000);
    return (reply as { open: number }).open;
  }

  /** Each watcher moves to the lot of the same rank in `lotIds`. */
  async subscribe(lotIds: string[]): Promise<void> {
    await this.ask({ type: 'subscribe', lotIds }, 60_000);
  }

  async lag(answers: LotAnswers[]): Promise<LagResult> {
    return (await this.ask({ type: 'lag', answers }, 120_000)) as LagResult;
  }

  close(): void {
    if (this.child.connected) this.child.send({ type: 'close' } satisfies WatchRequest);
    setTimeout(() => this.child.kill('SIGKILL'), 5000).unref();
  }

  private ask(request: WatchRequest, timeoutMs: number): Promise<WatchReply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`watchers: no answer to ${request.type} within ${timeoutMs / 1000} s`)), timeoutMs);
      this.child.once('message', (reply: WatchReply) => {
        clearTimeout(timer);
        if (reply.type === 'error') reject(new Error(`watchers: ${reply.message}`));
        else resolve(reply);
      });
      this.child.send(request);
    });
  }
}
