/**
 * The bid process's side of the sign-in thread (docs/accounts.md, "Sign-ins on their own thread"): starts it with
 * the app, hands it trusted sign-ins, answers its password checks through the hashing queue when the prompt lane
 * gave no budget, and restarts it when it dies. While it is not running (starting, restarting, closing) `signIn`
 * answers null and the login runs in this process as before: a good login never gets a 5xx because of the thread.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { PasswordCheck, SignInOutcome } from '../sign-in-steps';
import type { FromThread, SignInMessage, ThreadStart, ToThread } from './protocol';
import { threadEntry } from '../../../infra/workers/thread-entry';

export type SignInHandOff = Omit<SignInMessage, 'type' | 'id'>;

interface Pending { check: PasswordCheck; resolve: (outcome: SignInOutcome | null) => void; reject: (error: unknown) => void }

const FIRST_RESTART_MS = 1_000;
const LAST_RESTART_MS = 60_000;
const CLOSE_WAIT_MS = 5_000;

export class SignInThread {
  private worker: Worker | null = null;
  private ready = false;
  private closing = false;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private restartTimer: NodeJS.Timeout | null = null;
  private restartMs = FIRST_RESTART_MS;
  private readyWaiters: Array<() => void> = [];
  private closedWaiter: (() => void) | null = null;
  private served = 0;

  constructor(private readonly options: ThreadStart, private readonly log: Pick<Logger, 'warn' | 'error'>) {}

  /** Starts the thread (the app's onReady); it takes sign-ins once it has loaded its code. */
  start(): void {
    if (this.closing || this.worker) return;
    const worker = new Worker(threadEntry('sign-in', new URL('./thread.mjs', import.meta.url)), { workerData: this.options, execArgv: [] });
    worker.on('message', (message: FromThread) => this.receive(worker, message));
    worker.on('error', (error) => this.log.error({ err: error }, 'the sign-in thread failed'));
    worker.on('exit', (code) => this.exited(worker, code));
    // Never keeps the process alive on its own. After the listeners: a 'message' listener refs the port again.
    worker.unref();
    this.worker = worker;
  }

  /** True while sign-ins go to the thread. */
  isRunning(): boolean {
    return this.ready;
  }

  /** Resolves once the thread takes sign-ins (tests). */
  whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** The running thread, if any (tests end it to show that logins go on). */
  get thread(): Worker | null {
    return this.worker;
  }

  /** Sign-ins the thread has answered (tests, metrics). */
  count(): number {
    return this.served;
  }

  /** The outcome from the thread, or null when it is not running or failed: then the caller signs in itself. */
  signIn(request: SignInHandOff, check: PasswordCheck): Promise<SignInOutcome | null> {
    const worker = this.worker;
    if (!this.ready || !worker) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { check, resolve, reject });
      this.send(worker, { type: 'sign-in', id, ...request });
    });
  }

  /** Closes the thread's pool, then ends the thread (app close); no restart after this. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    if (this.ready) {
      const closed = new Promise<void>((resolve) => {
        this.closedWaiter = resolve;
        setTimeout(resolve, CLOSE_WAIT_MS).unref();
      });
      this.ready = false;
      this.send(worker, { type: 'close' });
      await closed;
    }
    await worker.terminate();
  }

  private send(worker: Worker, message: ToThread): void {
    worker.postMessage(message);
  }

  private receive(worker: Worker, message: FromThread): void {
    if (message.type === 'ready') {
      this.ready = !this.closing;
      for (const resolve of this.readyWaiters.splice(0)) resolve();
    } else if (message.type === 'check') {
      this.check(worker, message.id, message.stored);
    } else if (message.type === 'done') {
      this.served++;
      this.restartMs = FIRST_RESTART_MS;
      this.settle(message.id)?.resolve(message.outcome);
    } else if (message.type === 'failed') {
      this.log.warn({ err: { message: message.message } }, 'a sign-in failed on the sign-in thread: signing in here');
      this.settle(message.id)?.resolve(null);
    } else if (message.type === 'log') {
      this.log[message.level](message.fields, message.message);
    } else if (message.type === 'closed') {
      this.closedWaiter?.();
    }
  }

  /** The hashing queue's verdict for the thread; an error other than a refusal fails the login as it would here. */
  private check(worker: Worker, id: number, stored: string | null): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    pending.check(stored).then(
      (result) => this.send(worker, { type: 'checked', id, result }),
      (error: unknown) => {
        this.settle(id)?.reject(error);
        this.send(worker, { type: 'checked', id, result: 'unavailable' });
      },
    );
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    return pending;
  }

  /** A thread that died: its sign-ins run here instead, and a new one starts after a pause (longer each time). */
  private exited(worker: Worker, code: number): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.ready = false;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.resolve(null);
    }
    if (this.closing) return;
    this.log.warn({ code, restart_in_ms: this.restartMs }, 'the sign-in thread stopped: signing in on the main thread until it is back');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.start();
    }, this.restartMs);
    this.restartTimer.unref();
    this.restartMs = Math.min(LAST_RESTART_MS, this.restartMs * 2);
  }
}
