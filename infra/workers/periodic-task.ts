/**
 * Work a server repeats on a timer (the abandoned card orders, the owed refunds, the feed's followers: the mailers,
 * the interest matcher, the collection): one pass at a time (a tick while a pass runs is skipped, so slow passes
 * never pile up behind each other), a failed pass logged and tried again at the next tick, and a stop that waits
 * for the pass under way.
 */
export interface TaskLog { error(obj: object, msg: string): void }

export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly name: string, private readonly everyMs: number, private readonly pass: () => Promise<unknown>, private readonly log: TaskLog) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.pass().catch((err) => this.log.error({ err }, `${this.name} failed`)).finally(() => (this.running = null));
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
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
