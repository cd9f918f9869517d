/**
 * One live channel (/ws/{channel}/). Each connection fetches a new ticket first; a connection not open within 4 s
 * is dropped; reconnects wait 2-10 s, at most 10 times in a row (a connection that stayed up 5 s resets the
 * count). After the 10th failed retry the status stays 'failed' until restart() (the user's Reconnect), the tab
 * being shown again or the browser coming back online, each with a fresh count. Everything pauses while the tab is
 * hidden and resumes when it is shown again.
 */
import { canRetry, channelUrl, LIVE, reconnectDelay } from '../lib/reconnect';
import { wsTicket } from './auth';
import { getAccess } from './tokens';

export type ChannelStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'paused' | 'failed';

interface ChannelOptions {
  withToken: boolean;
  onMessage: (message: Record<string, unknown>) => void;
  onStatus?: (status: ChannelStatus) => void;
  /** Called after a reconnection (not the first connection): time to resynchronise. */
  onReconnect?: () => void;
  /** Called after the first connection: updates made between the page's reads and this moment were not pushed. */
  onFirstOpen?: () => void;
}

export class LiveChannel {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private openedAt = 0;
  private running = false;
  private everOpened = false;
  private generation = 0;

  constructor(
    readonly name: string,
    private readonly opts: ChannelOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('online', this.onOnline);
    if (!document.hidden) void this.connect();
    else this.status('paused');
  }

  stop(): void {
    this.running = false;
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('online', this.onOnline);
    this.drop();
    this.status('idle');
  }

  /** Starts over with a fresh retry count; an open connection is kept (only its count is reset). */
  restart(): void {
    if (!this.running) {
      this.start();
      return;
    }
    this.attempts = 0;
    if (this.socket?.readyState === WebSocket.OPEN || document.hidden) return;
    void this.connect();
  }

  private status(s: ChannelStatus) {
    this.opts.onStatus?.(s);
  }

  private drop() {
    this.generation++;
    clearTimeout(this.timer);
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onopen = s.onclose = s.onerror = s.onmessage = null;
      if (s.readyState === WebSocket.OPEN || s.readyState === WebSocket.CONNECTING) s.close(1000);
    }
  }

  private onVisibility = () => {
    if (!this.running) return;
    if (document.hidden) {
      this.drop();
      this.status('paused');
    } else if (!this.socket) {
      this.attempts = 0;
      void this.connect();
    }
  };

  private onOnline = () => {
    if (this.running && !this.socket && !document.hidden) {
      this.attempts = 0;
      void this.connect();
    }
  };

  private async connect(): Promise<void> {
    this.drop();
    const gen = this.generation;
    this.status('connecting');
    let ticket: string;
    try {
      ticket = await wsTicket();
    } catch {
      if (gen === this.generation) this.retry();
      return;
    }
    if (gen !== this.generation || !this.running || document.hidden) return;
    const token = this.opts.withToken ? getAccess() : null;
    const socket = new WebSocket(channelUrl(location, this.name, ticket, token));
    this.socket = socket;
    this.timer = setTimeout(() => {
      if (socket.readyState !== WebSocket.OPEN) socket.close();
    }, LIVE.connectTimeout);
    socket.onopen = () => {
      clearTimeout(this.timer);
      this.openedAt = Date.now();
      this.status('open');
      if (this.everOpened) this.opts.onReconnect?.();
      else this.opts.onFirstOpen?.();
      this.everOpened = true;
    };
    socket.onmessage = (ev) => {
      try {
        const data = JSON.parse(String(ev.data));
        if (data && typeof data === 'object') this.opts.onMessage(data);
      } catch (e) {
        console.warn(`[live:${this.name}] unreadable message`, e);
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearTimeout(this.timer);
      if (this.openedAt && Date.now() - this.openedAt >= LIVE.minUptime) this.attempts = 0;
      this.openedAt = 0;
      this.retry();
    };
  }

  private retry() {
    if (!this.running || document.hidden) return;
    this.attempts += 1;
    if (!canRetry(this.attempts)) {
      this.status('failed');
      return;
    }
    this.status('waiting');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), reconnectDelay(this.attempts));
  }
}
