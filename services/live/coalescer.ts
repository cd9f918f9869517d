/**
 * Public lot updates, coalesced per lot: the first change goes out at once, later changes within the window only
 * replace the pending one, and the window ends by sending the latest. So a lot sends at most one message every
 * `windowMs`, and the last message a client gets is always the lot's latest state. Wall-clock timers on purpose:
 * this is rate limiting, not business time.
 */
interface Window {
  timer: NodeJS.Timeout;
  pending: string | null;
}

export class Coalescer {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly send: (lotId: string, text: string) => void, private readonly windowMs = 100) {}

  push(lotId: string, text: string): void {
    const open = this.windows.get(lotId);
    if (open) {
      open.pending = text;
      return;
    }
    this.send(lotId, text);
    this.windows.set(lotId, { timer: this.timer(lotId), pending: null });
  }

  stop(): void {
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
  }

  private timer(lotId: string): NodeJS.Timeout {
    const timer = setTimeout(() => this.closeWindow(lotId), this.windowMs);
    timer.unref?.();
    return timer;
  }

  private closeWindow(lotId: string): void {
    const window = this.windows.get(lotId);
    if (!window) return;
    if (window.pending === null) {
      this.windows.delete(lotId);
      return;
    }
    const text = window.pending;
    window.pending = null;
    this.send(lotId, text);
    window.timer = this.timer(lotId);
  }
}
