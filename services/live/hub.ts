/**
 * The live websocket connections of this process, by channel and by user. Sends are fire-and-forget: a client too
 * slow to keep up (more than MAX_BUFFERED bytes waiting) is dropped rather than allowed to hold memory; it
 * reconnects and resynchronises. A keepalive pings every socket and terminates those that stopped answering.
 */
import type { WebSocket } from 'ws';
import type { LiveConnections } from '../context';

export type Channel = 'lots' | 'auctions' | 'notifications' | 'articles';

export interface LiveClient {
  socket: WebSocket;
  channel: Channel;
  userId: string | null;
  /** The lots this client asked for; null = every lot. */
  lots: Set<string> | null;
  alive: boolean;
}

const OPEN = 1;
const MAX_BUFFERED = 1024 * 1024;
/** Close codes: 4401 = credentials missing or invalid (fetch a new ticket/token), 4001 = signed out. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_SIGNED_OUT = 4001;

export class LiveHub implements LiveConnections {
  private readonly channels: Record<Channel, Set<LiveClient>> = { lots: new Set(), auctions: new Set(), notifications: new Set(), articles: new Set() };
  private readonly byUser = new Map<string, Set<LiveClient>>();
  private keepalive: NodeJS.Timeout | null = null;

  add(client: LiveClient): void {
    this.channels[client.channel].add(client);
    if (client.userId) {
      let mine = this.byUser.get(client.userId);
      if (!mine) this.byUser.set(client.userId, (mine = new Set()));
      mine.add(client);
    }
    client.socket.on('pong', () => (client.alive = true));
    client.socket.on('close', () => this.remove(client));
  }

  remove(client: LiveClient): void {
    this.channels[client.channel].delete(client);
    if (!client.userId) return;
    const mine = this.byUser.get(client.userId);
    mine?.delete(client);
    if (mine && mine.size === 0) this.byUser.delete(client.userId);
  }

  disconnectUser(userId: string): void {
    for (const client of [...(this.byUser.get(userId) ?? [])]) {
      this.remove(client);
      client.socket.close(CLOSE_SIGNED_OUT, 'Signed out');
    }
  }

  /** A lot's public message to every lots client that watches it (or watches everything). */
  toLotWatchers(lotIds: readonly string[], text: string): void {
    // Encoded once for every socket (ws would encode a string again for each one).
    const data = Buffer.from(text);
    for (const client of this.channels.lots) {
      if (client.lots === null || lotIds.some((id) => client.lots!.has(id))) send(client, data);
    }
  }

  toChannel(channel: Channel, text: string): void {
    const data = Buffer.from(text);
    for (const client of this.channels[channel]) send(client, data);
  }

  toUser(userId: string, channel: Channel, text: string): void {
    const mine = this.byUser.get(userId);
    if (!mine) return;
    for (const client of mine) if (client.channel === channel) send(client, text);
  }

  count(channel: Channel): number {
    return this.channels[channel].size;
  }

  startKeepalive(intervalMs = 30_000): void {
    if (this.keepalive) return;
    this.keepalive = setInterval(() => this.ping(), intervalMs);
    this.keepalive.unref?.();
  }

  stop(): void {
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = null;
    for (const set of Object.values(this.channels)) {
      for (const client of set) client.socket.terminate();
      set.clear();
    }
    this.byUser.clear();
  }

  /** A socket that did not answer the previous ping is gone (half-open TCP): terminate it. */
  private ping(): void {
    for (const set of Object.values(this.channels)) {
      for (const client of set) {
        if (!client.alive) {
          client.socket.terminate();
          this.remove(client);
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  }
}

function send(client: LiveClient, data: string | Buffer): void {
  const socket = client.socket;
  if (socket.readyState !== OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED) {
    socket.terminate();
    return;
  }
  // A text frame either way: the client parses JSON.
  socket.send(data, { binary: false });
}

/** The hub installed in ctx.live (services/context.ts creates one per context). */
export function liveHub(live: LiveConnections): LiveHub | null {
  return live instanceof LiveHub ? live : null;
}
