/** A real websocket client for the live tests: collects every message and waits for the ones a test expects. */
import WebSocket from 'ws';
import type { TestApp } from '../testing/harness';
import { bearer, type TestUser } from '../testing/users';

export type Message = Record<string, any>;

export class TestSocket {
  readonly messages: Message[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()));
      this.notify();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.notify();
    });
  }

  of(purpose: string): Message[] {
    return this.messages.filter((m) => m.purpose === purpose);
  }

  /** Resolves with the first message (from `from` on) that matches; fails after `ms`. */
  async next(match: (m: Message) => boolean, ms = 3000, from = 0): Promise<Message> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message within ${ms} ms; got ${JSON.stringify(this.messages)}`);
      await this.change(deadline - Date.now());
    }
  }

  async closing(ms = 3000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + ms;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('the socket did not close');
      await this.change(deadline - Date.now());
    }
    return this.closed;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  close(): void {
    this.ws.terminate();
  }

  private change(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(1, ms));
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

export async function ticketFor(t: TestApp, user: TestUser | null): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/get_ws_ticket/', headers: user ? bearer(user) : {} });
  if (res.statusCode !== 200) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return res.json().ticket_uuid;
}

/** Opens /ws/{channel}/ with the query given; resolves once the socket is open (or closed at once). */
export async function connect(port: number, channel: string, query: Record<string, string>): Promise<TestSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/${channel}/?${new URLSearchParams(query)}`);
  const socket = new TestSocket(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('close', () => resolve());
    ws.once('error', reject);
  });
  return socket;
}

/** A signed-in user's lots socket (ticket + token), ready once the hello arrived. */
export async function userSocket(t: TestApp, port: number, channel: string, user: TestUser | null): Promise<TestSocket> {
  const query: Record<string, string> = { ticket: await ticketFor(t, user) };
  if (user) query.token = user.access;
  const socket = await connect(port, channel, query);
  await socket.next((m) => m.purpose === 'hello');
  return socket;
}
