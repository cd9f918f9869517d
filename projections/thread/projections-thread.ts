/**
 * The read models on a thread of their own (docs/architecture.md, "Projections"): the main thread keeps a mirror of
 * where each projection stands, so `reached` costs nothing and `waitFor` resolves when the thread reports a pass past
 * the position; appends here wake the thread. The app sees the same `Projections` as with the in-process runner.
 */
import { Worker } from 'node:worker_threads';
import type { EventStore } from '../../infra/event-store/event-store';
import { compareCursors } from '../../infra/event-store/types';
import { allProjections } from '../index';
import { ProgressBoard, WaitsOnBoard } from '../progress-board';
import type { Projections } from '../runner';
import type { FromProjectionsThread, ProjectionsThreadStart, ToProjectionsThread } from './protocol';
import { threadEntry } from '../../infra/workers/thread-entry';

interface ThreadLogger { error(obj: object, msg: string): void }

/** A thread that died is replaced after this pause; its waiters keep waiting (bounded by their own timeouts). */
const RESTART_MS = 1_000;
const STOP_WAIT_MS = 5_000;

export class ProjectionsThread extends WaitsOnBoard implements Projections {
  readonly projections = allProjections;
  private worker: Worker | null = null;
  private running = false;
  private ready = false;
  private readonly readyWaiters: Array<() => void> = [];
  private unsubscribe: (() => void) | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private stopped: (() => void) | null = null;
  /** Wakes asked for in this turn, sent once (a burst of appends or nudges is one message). */
  private wakeQueued: { appended: boolean } | null = null;

  constructor(private readonly store: EventStore, private readonly options: ProjectionsThreadStart, private readonly log: ThreadLogger) {
    super(new ProgressBoard(allProjections.map((p) => p.name)), () => store.lastCommitted());
  }

  get started(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.store.onAppended(() => this.tell(true));
    this.spawn();
  }

  whenReady(): Promise<void> {
    if (this.ready || !this.running) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.releaseReadyWaiters();
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      this.stopped = resolve;
      setTimeout(resolve, STOP_WAIT_MS).unref();
      worker.postMessage({ type: 'stop' } satisfies ToProjectionsThread);
    });
    await worker.terminate();
    this.failPending('the projections thread stopped');
  }

  wake(): void {
    this.tell(false);
  }

  catchUp(): Promise<void> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('the projections thread is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'catch-up', id } satisfies ToProjectionsThread);
    });
  }

  private spawn(): void {
    const worker = new Worker(threadEntry('projections', new URL('./thread.mjs', import.meta.url)), { workerData: this.options, execArgv: [] });
    worker.on('message', (message: FromProjectionsThread) => this.receive(message));
    worker.on('error', (error) => this.log.error({ err: error }, 'the projections thread failed'));
    worker.on('exit', (code) => this.exited(worker, code));
    this.worker = worker;
  }

  private tell(appended: boolean): void {
    if (this.wakeQueued) {
      this.wakeQueued.appended ||= appended;
      return;
    }
    this.wakeQueued = { appended };
    queueMicrotask(() => {
      const wake = this.wakeQueued!;
      this.wakeQueued = null;
      this.worker?.postMessage({ type: 'wake', appended: wake.appended } satisfies ToProjectionsThread);
    });
  }

  private receive(message: FromProjectionsThread): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.releaseReadyWaiters();
        return;
      case 'progress':
        for (const [name, cursor] of message.positions) {
          const at = this.board.positionOf(name);
          if (at === undefined || compareCursors(cursor, at) > 0) this.board.move(name, cursor);
        }
        if (message.newEvents) this.board.noteNewEvents();
        this.board.settleWaiters();
        return;
      case 'done': {
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) pending?.reject(new Error(message.error));
        else pending?.resolve();
        return;
      }
      case 'log':
        this.log.error({ err: { message: message.error } }, message.message);
        return;
      case 'stopped':
        this.stopped?.();
        return;
      default:
        message satisfies never;
    }
  }

  /** A thread that ended while the runner should run is replaced after a pause; its catch-ups fail. */
  private exited(worker: Worker, code: number): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failPending(`the projections thread ended (exit code ${code})`);
    if (!this.running) return;
    this.log.error({ code }, 'the projections thread ended: starting a new one');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.running && !this.worker) this.spawn();
    }, RESTART_MS);
  }

  private releaseReadyWaiters(): void {
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  private failPending(why: string): void {
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new Error(why));
    }
  }
}
