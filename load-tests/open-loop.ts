/**
 * An open-loop HTTP load generator (what wrk2 does; wrk2 is not packaged in Debian): requests are due at fixed
 * instants (`rate` per second, evenly spaced), whatever the server does, and each one's latency is measured from
 * the instant it was *due*, not from when a connection was free to send it. So queueing in the server, in the kernel
 * or behind a busy connection shows in the latency instead of slowing the generator down (no coordinated omission).
 *
 * Kept light on purpose (it shares the 2 cores with the server): raw keep-alive sockets, requests written as one
 * string, answers parsed by Content-Length, no per-request objects beyond a small record.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface OutgoingRequest {
  path: string;
  /** Header lines without the trailing CRLF, e.g. `authorization: Bearer x`. */
  headers: string[];
  body: string;
  /** Anything the caller wants back with the answer. */
  tag: unknown;
}

interface OpenLoopOptions {
  host: string;
  port: number;
  rate: number;
  seconds: number;
  /** Keep-alive connections; a due request waits for a free one (and that wait counts in its latency). */
  connections: number;
  /** Called at each due instant; null skips the slot (nothing sensible to send). */
  next(dueAt: number): OutgoingRequest | null;
  onAnswer(status: number, body: string, tag: unknown, latencyMs: number): void;
  /** An answer slower than this (from its due instant) counts as an error, and its connection is dropped. */
  timeoutMs?: number;
}

interface OpenLoopResult {
  seconds: number;
  /** Due instants in the run; `sent` is fewer when `next` skipped some. */
  slots: number;
  sent: number;
  answered: number;
  /** Socket errors, timeouts and requests still unanswered when the run's grace period ended. */
  failed: number;
  latenciesMs: number[];
  /** The deepest the queue of due-but-unsent requests got. */
  maxQueued: number;
}

interface Pending { request: OutgoingRequest; dueAt: number }

/** Parses one HTTP/1.1 answer at the start of `buffer` (latin1-decoded bytes): null while incomplete. */
export function parseAnswer(buffer: string): { status: number; body: string; rest: string } | null {
  const headEnd = buffer.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = buffer.slice(0, headEnd);
  const status = Number(head.slice(9, 12));
  const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const length = match ? Number(match[1]) : 0;
  const bodyStart = headEnd + 4;
  // The socket decodes as latin1 (one character per byte), so string lengths are byte counts; the body is UTF-8.
  if (buffer.length < bodyStart + length) return null;
  const body = Buffer.from(buffer.slice(bodyStart, bodyStart + length), 'latin1').toString('utf8');
  return { status, body, rest: buffer.slice(bodyStart + length) };
}

class Connection {
  socket: net.Socket;
  busy: Pending | null = null;
  private buffer = '';

  constructor(private readonly options: OpenLoopOptions, private readonly done: (c: Connection, status: number, body: string) => void, private readonly broken: (c: Connection) => void) {
    this.socket = net.connect(options.port, options.host);
    this.socket.setNoDelay(true);
    this.socket.setEncoding('latin1');
    this.socket.on('data', (chunk: string) => this.receive(chunk));
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => this.broken(this));
  }

  send(pending: Pending): void {
    this.busy = pending;
    const { request } = pending;
    this.socket.write(
      `POST ${request.path} HTTP/1.1\r\nhost: ${this.options.host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(request.body)}\r\n` +
        `${request.headers.join('\r\n')}\r\n\r\n${request.body}`,
    );
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    const answer = parseAnswer(this.buffer);
    if (!answer) return;
    this.buffer = answer.rest;
    this.done(this, answer.status, answer.body);
  }
}

export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const latenciesMs: number[] = [];
  const queue: Pending[] = [];
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  let sent = 0;
  let answered = 0;
  let failed = 0;
  let maxQueued = 0;

  const dispatch = () => {
    while (queue.length > 0 && idle.length > 0) idle.pop()!.send(queue.shift()!);
  };
  const done = (c: Connection, status: number, body: string) => {
    const pending = c.busy;
    c.busy = null;
    if (pending) {
      const latency = performance.now() - pending.dueAt;
      answered += 1;
      latenciesMs.push(latency);
      options.onAnswer(status, body, pending.request.tag, latency);
    }
    idle.push(c);
    dispatch();
  };
  const broken = (c: Connection) => {
    all.delete(c);
    const i = idle.indexOf(c);
    if (i >= 0) idle.splice(i, 1);
    if (c.busy) failed += 1;
    c.busy = null;
    if (!stopped) open();
  };
  const open = () => {
    const c = new Connection(options, done, broken);
    all.add(c);
    c.socket.once('connect', () => {
      idle.push(c);
      dispatch();
    });
  };

  let stopped = false;
  for (let i = 0; i < options.connections; i++) open();
  await new Promise((r) => setTimeout(r, 200));

  const start = performance.now();
  const interval = 1000 / options.rate;
  const total = Math.floor(options.rate * options.seconds);
  let due = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request whose instant has come, each stamped with its own instant (not now).
      while (due < total && start + due * interval <= now) {
        const dueAt = start + due * interval;
        due += 1;
        const request = options.next(dueAt);
        if (!request) continue;
        sent += 1;
        queue.push({ request, dueAt });
      }
      maxQueued = Math.max(maxQueued, queue.length);
      dispatch();
      // A connection stuck past the timeout is dropped (its request counts as failed) and replaced.
      for (const c of all) if (c.busy && now - c.busy.dueAt > timeoutMs) c.socket.destroy();
      if (due >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const seconds = (performance.now() - start) / 1000;

  // Grace period for the answers still on the wire; whatever is left then failed.
  const graceUntil = performance.now() + timeoutMs;
  while ((queue.length > 0 || [...all].some((c) => c.busy)) && performance.now() < graceUntil) {
    dispatch();
    await new Promise((r) => setTimeout(r, 5));
  }
  stopped = true;
  failed += queue.length + [...all].filter((c) => c.busy).length;
  for (const c of all) {
    c.busy = null;
    c.socket.destroy();
  }
  return { seconds, slots: due, sent, answered, failed, latenciesMs, maxQueued };
}
