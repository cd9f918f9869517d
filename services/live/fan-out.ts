/**
 * Sends one message to many sockets without holding the event loop: at most `slice` sockets per turn, then
 * setImmediate, so a bid answer waits for one slice (~3 ms for 300 sockets), not for a whole 1,000-socket loop (12-100
 * ms measured, docs/benchmarks.md). Smaller slices cost the watchers: every turn between slices also serves the
 * requests that arrived, and 150 per slice added ~45 ms to the delivery lag under bid load.
 *
 * Messages go out one after another in the order they were queued (a socket gets them in that order), except that
 * a keyed message (a lot's latest state) replaces the queued or running message of the same key: a socket then gets
 * the newer one, never the older after the newer.
 *
 * The audience is read when a message starts (sockets that joined while it waited get it too), and read again when
 * a newer message of the same key replaces it mid-run: that pass starts where the old one was, so the sockets not
 * yet reached are served first, and it goes all the way round, so the ones already reached get the newer state too.
 */
import type { LiveClient } from './hub';

interface Outgoing {
  /** Same key = the same thing's state: the newer replaces the older still queued or being sent. Null: an event. */
  key: string | null;
  data: Buffer;
  audience: () => LiveClient[];
}

interface Run extends Outgoing {
  clients: LiveClient[] | null;
  /** Where this pass started in `clients`, and how many it has sent so far. */
  start: number;
  sent: number;
}

type SendOne = (client: LiveClient, data: Buffer, key: string | null) => void;

export class FanOut {
  private readonly queue: Run[] = [];
  private readonly byKey = new Map<string, Run>();
  private scheduled: NodeJS.Immediate | null = null;

  constructor(private readonly sendOne: SendOne, private readonly slice = 300) {}

  push(message: Outgoing): void {
    const same = message.key === null ? undefined : this.byKey.get(message.key);
    if (same) {
      this.replace(same, message);
      return;
    }
    const run: Run = { ...message, clients: null, start: 0, sent: 0 };
    this.queue.push(run);
    if (run.key !== null) this.byKey.set(run.key, run);
    // Nothing ahead of it: the first slice goes now (a small audience is then sent whole, with no added delay).
    if (this.queue.length === 1) this.pump();
  }

  /** Messages queued or being sent (tests, diagnostics). */
  get pending(): number {
    return this.queue.length;
  }

  stop(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    this.queue.length = 0;
    this.byKey.clear();
  }

  private replace(run: Run, message: Outgoing): void {
    run.data = message.data;
    run.audience = message.audience;
    if (!run.clients) return; // not started: it will read its audience when it does
    const at = run.clients.length === 0 ? 0 : (run.start + run.sent) % run.clients.length;
    run.clients = run.audience();
    run.start = run.clients.length === 0 ? 0 : at % run.clients.length;
    run.sent = 0;
  }

  private pump(): void {
    this.scheduled = null;
    let budget = this.slice;
    while (budget > 0 && this.queue.length > 0) {
      const run = this.queue[0];
      run.clients ??= run.audience();
      const clients = run.clients;
      const n = clients.length;
      while (budget > 0 && run.sent < n) {
        const client = clients[(run.start + run.sent) % n];
        run.sent++;
        try {
          this.sendOne(client, run.data, run.key);
        } catch {
          // a socket failing mid-send is closed by ws; the others must still get the message
        }
        budget--;
      }
      if (run.sent < n) break;
      this.queue.shift();
      if (run.key !== null) this.byKey.delete(run.key);
    }
    if (this.queue.length > 0) this.scheduled = setImmediate(() => this.pump());
  }
}
