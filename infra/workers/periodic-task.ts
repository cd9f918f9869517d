/**
 * Work a server repeats on a timer (the abandoned card orders, the owed refunds, the feed's followers: the mailers,
 * the interest matcher, the collection; the outbox's sender): one pass at a time (a tick while a pass runs is
 * skipped, so slow passes never pile up behind each other), a failed pass logged (a run of failures once a minute)
 * and tried again at the next tick, and a stop that waits for the pass under way. A task that can be told of its work
 * is woken (`wokenBy`: the read models moved, an email was queued) and otherwise polls rarely: an idle process then
 * asks the database nothing every 250 ms (docs/architecture.md, "Followers").
 */
export interface TaskLog { error(obj: object, msg: string): void }

/**
 * While passes keep failing (the database gone for a while), one error line a minute with the count instead of one per
 * tick: a dozen tasks at 100 ms to 1 s each would otherwise bury an outage's other lines.
 */
const REPEAT_LOG_MS = 60_000;

/**
 * A follower's wake-up: subscribes a listener told when there may be new work (the read models moved), and answers
 * the unsubscribe. The projection runner's `onProgress` is one.
 */
export type WakeSource = (wake: () => void) => () => void;

export interface PeriodicTaskOptions {
  /**
   * Wakes the task when there may be work: a pass then runs at once, or `everyMs` after the last began (so a storm of
   * wakes runs no more often than the timer did). A woken task also runs a pass as it starts. The timer then only backs
   * the wakes up, every `idleEveryMs`: for work no wake announces (a pass that failed, another process's writes while
   * this process's runner is stopped).
   */
  wokenBy?: WakeSource;
  idleEveryMs?: number;
  /** The clock of the pace, in milliseconds (tests set it; performance.now otherwise). */
  now?: () => number;
}

export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopWaking: (() => void) | null = null;
  /** A wake that came too soon after the last pass began, waiting for its turn. */
  private wakeLater: NodeJS.Timeout | null = null;
  /** A wake came during a pass: one more pass after it (what it announced may have come after the pass read). */
  private wokenDuringPass = false;
  private lastStarted = -Infinity;
  private stopped = false;
  /** Passes failed in a row, and when the last of them was logged. */
  private failures = 0;
  private lastLogged = -Infinity;

  constructor(
    private readonly name: string, private readonly everyMs: number, private readonly pass: () => Promise<unknown>,
    private readonly log: TaskLog, private readonly options: PeriodicTaskOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    const woken = this.options.wokenBy !== undefined;
    this.timer = setInterval(() => {
      if (!this.running) this.run();
    }, woken ? (this.options.idleEveryMs ?? this.everyMs) : this.everyMs);
    this.timer.unref();
    if (!woken) return;
    this.stopWaking = this.options.wokenBy!(() => this.wake());
    // Work left by a process that stopped before its follower ran is announced by no wake: look at once.
    this.wake();
  }

  /** There may be work: a pass now, or as soon as the pace allows; never two at once. */
  wake(): void {
    if (this.stopped || this.wakeLater) return;
    if (this.running) {
      this.wokenDuringPass = true;
      return;
    }
    const wait = this.lastStarted + this.everyMs - this.now();
    if (wait <= 0) {
      this.run();
      return;
    }
    this.wakeLater = setTimeout(() => {
      this.wakeLater = null;
      this.wake();
    }, wait);
    this.wakeLater.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopWaking?.();
    this.stopWaking = null;
    if (this.timer) clearInterval(this.timer);
    if (this.wakeLater) clearTimeout(this.wakeLater);
    this.timer = null;
    this.wakeLater = null;
    await this.running;
  }

  private failed(err: unknown): void {
    this.failures += 1;
    const now = this.now();
    if (this.failures > 1 && now - this.lastLogged < REPEAT_LOG_MS) return;
    this.lastLogged = now;
    const message = this.failures === 1 ? `${this.name} failed` : `${this.name} failed (${this.failures} passes in a row)`;
    this.log.error({ err, failures: this.failures }, message);
  }

  private now(): number {
    return this.options.now?.() ?? performance.now();
  }

  private run(): void {
    this.lastStarted = this.now();
    this.running = this.pass().then(() => { this.failures = 0; }, (err) => this.failed(err)).finally(() => {
      this.running = null;
      if (!this.wokenDuringPass) return;
      this.wokenDuringPass = false;
      this.wake();
    });
  }
}

/**
 * A pass over many items (orders, payments): each on its own, so one that fails now is logged and left for the next
 * pass instead of ending the pass for every item after it. Answers the items whose work did something.
 */
export async function eachOnItsOwn<T>(items: readonly T[], work: (item: T) => Promise<boolean>, failed: (err: unknown, item: T) => void): Promise<T[]> {
  const done: T[] = [];
  for (const item of items) {
    try {
      if (await work(item)) done.push(item);
    } catch (err) {
      failed(err, item);
    }
  }
  return done;
}
