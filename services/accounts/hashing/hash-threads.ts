/**
 * The threads password hashes run on: a fixed number (the hashing queue's concurrency), started on first use, each
 * at a lower scheduling priority (`nice`, Linux) than the event loop, so a flood of logins takes the CPU that bids and
 * pages leave over instead of a share of theirs (docs/accounts.md, "Password hashing"). Jobs are handed out to an
 * idle thread; the queue in front (work-queue.ts) never sends more than there are threads.
 */
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';
import type { Options as ArgonOptions } from '@node-rs/argon2';
import type { Primitives } from '../passwords';
import { threadEntry } from '../../../infra/workers/thread-entry';

interface Pending { resolve: (value: unknown) => void; reject: (error: Error) => void }
type NewJob =
  | { op: 'argon2Hash'; password: string; options: ArgonOptions }
  | { op: 'argon2Verify'; stored: string; password: string }
  | { op: 'scrypt'; password: string; salt: Buffer; keyLength: number; options: ScryptOptions };
interface HashResult { id: number; value?: unknown; error?: string }

export class HashThreads implements Primitives {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  /** The job each busy thread is doing, so a thread that dies fails only its own. */
  private readonly current = new Map<Worker, number>();
  private readonly waiting: Array<(worker: Worker) => void> = [];
  private nextId = 1;

  constructor(private readonly size: number, private readonly nice: number) {}

  argon2Hash(password: string, options: ArgonOptions): Promise<string> {
    return this.run({ op: 'argon2Hash', password, options }) as Promise<string>;
  }

  argon2Verify(stored: string, password: string): Promise<boolean> {
    return this.run({ op: 'argon2Verify', stored, password }) as Promise<boolean>;
  }

  async scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
    // A Buffer crosses to the thread and back as a plain Uint8Array.
    return Buffer.from((await this.run({ op: 'scrypt', password, salt, keyLength, options })) as Uint8Array);
  }

  /** Ends the threads (server stop, tests); a job still running is answered with an error. */
  async close(): Promise<void> {
    const workers = this.all.splice(0);
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
    for (const [id, p] of this.pending) { this.pending.delete(id); p.reject(new Error('password hashing stopped')); }
  }

  private async run(job: NewJob): Promise<unknown> {
    const worker = await this.take();
    const id = this.nextId++;
    try {
      return await new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        this.current.set(worker, id);
        worker.postMessage({ ...job, id });
      });
    } finally {
      this.current.delete(worker);
      this.give(worker);
    }
  }

  private take(): Promise<Worker> {
    const worker = this.idle.pop() ?? (this.all.length < this.size ? this.start() : undefined);
    if (worker) return Promise.resolve(worker);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the thread to the next waiting job; a thread that died is replaced for it. */
  private give(worker: Worker): void {
    const alive = this.all.includes(worker);
    const next = this.waiting.shift();
    if (next) next(alive ? worker : this.start());
    else if (alive) this.idle.push(worker);
  }

  private start(): Worker {
    const worker = new Worker(threadEntry('hash', new URL('./hash-thread.mjs', import.meta.url)), { workerData: { nice: this.nice }, execArgv: [] });
    worker.on('message', (result: HashResult) => this.settle(result));
    worker.on('error', (error) => this.fail(worker, error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', (code) => this.fail(worker, new Error(`a password hashing thread stopped (${code})`)));
    // A hashing thread never keeps the process alive on its own (a stop need not end it first). After the listeners:
    // adding a 'message' listener refs the thread's port again.
    worker.unref();
    this.all.push(worker);
    return worker;
  }

  private settle(result: HashResult): void {
    const pending = this.pending.get(result.id);
    if (!pending) return;
    this.pending.delete(result.id);
    if (result.error !== undefined) pending.reject(new Error(result.error));
    else pending.resolve(result.value);
  }

  /** A thread that died is replaced on the next job; the job it was doing fails. */
  private fail(worker: Worker, error: Error): void {
    const at = this.all.indexOf(worker);
    if (at >= 0) this.all.splice(at, 1);
    const idleAt = this.idle.indexOf(worker);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    const id = this.current.get(worker);
    if (id !== undefined) this.settle({ id, error: error.message });
  }
}
