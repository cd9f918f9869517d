import type { LotState } from '../../domain/catalogue/lot/state';

/**
 * The live websocket connections of this process, indexed by channel, by user and (lots channel) by lot, so a lot's
 * update touches only that lot's watchers. Broadcasts go through FanOut (fan-out.ts): serialised once, sent in
 * slices between which the event loop serves requests, in order, a lot's newer state replacing its older one.
 *
 * Slow consumers: a lot's state is not queued behind a socket with more than SLOW_BUFFERED bytes waiting; the socket
 * keeps the latest state it missed per lot and gets it once it drained (or just before its next non-state message).
 * Anything else is sent regardless, and a socket past MAX_BUFFERED is dropped (it reconnects and resynchronises).
 * A keepalive pings every socket and terminates those that stopped answering.
 */
import type { WebSocket } from 'ws';
import type { LiveConnections } from '../context';
import { FanOut } from './fan-out';

export type Channel = 'lots' | 'auctions' | 'notifications' | 'articles';

export interface LiveClient {
  socket: WebSocket;
  channel: Channel;
  userId: string | null;
  /** The lots this client asked for; null = every lot. Change it through LiveHub.setLots (the index follows). */
  lots: Set<string> | null;
  alive: boolean;
  /** When the socket was opened (the app's clock): a sign-out after it closes the socket (signed-out-sweep.ts). */
  openedAt: Date;
  /** Slow consumer: the latest state skipped per key, sent once the socket drained. */
  missed?: Map<string, Buffer>;
}

const OPEN = 1;
const MAX_BUFFERED = 1024 * 1024;
/** Above this many bytes waiting, a state message is held back (the newest one per key) instead of queued. */
export const SLOW_BUFFERED = 64 * 1024;
const CATCH_UP_MS = 50;
/** Close codes: 4401 = credentials missing or invalid (fetch a new ticket/token), 4001 = signed out. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_SIGNED_OUT = 4001;

interface LiveHubOptions {
  /** Sockets sent to per event-loop turn by a broadcast. */
  slice?: number;
}

export class LiveHub implements LiveConnections {
  private readonly channels: Record<Channel, Set<LiveClient>> = { lots: new Set(), auctions: new Set(), notifications: new Set(), articles: new Set() };
  private readonly byUser = new Map<string, Set<LiveClient>>();
  /** Lots-channel clients watching every lot, and those narrowed to some, by lot. */
  private readonly everyLot = new Set<LiveClient>();
  private readonly byLot = new Map<string, Set<LiveClient>>();
  private readonly behind = new Set<LiveClient>();
  private readonly fanOut: FanOut;
  private keepalive: NodeJS.Timeout | null = null;
  private catchUp: NodeJS.Timeout | null = null;

  constructor(options: LiveHubOptions = {}) {
    this.fanOut = new FanOut((client, data, key) => this.sendOne(client, data, key), options.slice ?? 300);
  }

  add(client: LiveClient): void {
    this.channels[client.channel].add(client);
    if (client.channel === 'lots') this.indexLots(client);
    if (client.userId) addTo(this.byUser, client.userId, client);
    client.socket.on('pong', () => (client.alive = true));
    client.socket.on('close', () => this.remove(client));
  }

  remove(client: LiveClient): void {
    this.channels[client.channel].delete(client);
    this.unindexLots(client);
    this.behind.delete(client);
    if (client.userId) removeFrom(this.byUser, client.userId, client);
  }

  private lotStates: (lotId: string) => LotState | undefined = () => undefined;

  /** Where the lots' current states come from (the live feed's LiveLots). */
  setLotStates(read: (lotId: string) => LotState | undefined): void {
    this.lotStates = read;
  }

  /** The lot's state as the live feed last folded it, for a subscriber's first look; undefined when unknown here. */
  lotState(lotId: string): LotState | undefined {
    return this.lotStates(lotId);
  }

  /** Narrows a lots client to these lots (null: every lot). */
  setLots(client: LiveClient, lots: Set<string> | null): void {
    this.unindexLots(client);
    client.lots = lots;
    if (this.channels.lots.has(client)) this.indexLots(client);
  }

  /** Closes the user's sockets (opened before `before`, when given) with 4001 "Signed out". */
  disconnectUser(userId: string, before?: Date): void {
    for (const client of [...(this.byUser.get(userId) ?? [])]) {
      if (before && client.openedAt > before) continue;
      this.remove(client);
      client.socket.close(CLOSE_SIGNED_OUT, 'Signed out');
    }
  }

  /** The users with a socket open here. */
  signedInUsers(): string[] {
    return [...this.byUser.keys()];
  }

  /** A lot's latest state to its watchers: a newer one replaces it while it is still queued or being sent. */
  toLotState(lotId: string, text: string): void {
    this.fanOut.push({ key: `lot:${lotId}`, data: Buffer.from(text), audience: () => this.lotAudience([lotId]) });
  }

  /** A message about lots (finished lots) to every lots client that watches one of them (or everything). */
  toLotWatchers(lotIds: readonly string[], text: string): void {
    this.fanOut.push({ key: null, data: Buffer.from(text), audience: () => this.lotAudience(lotIds) });
  }

  /** To every client of the channel; with a `key`, a state that a newer one of the same key replaces. */
  toChannel(channel: Channel, text: string, key: string | null = null): void {
    this.fanOut.push({ key, data: Buffer.from(text), audience: () => [...this.channels[channel]] });
  }

  /** Private messages: a user has a few sockets, sent at once. */
  toUser(userId: string, channel: Channel, text: string): void {
    const mine = this.byUser.get(userId);
    if (!mine) return;
    for (const client of mine) if (client.channel === channel) this.sendOne(client, text, null);
  }

  count(channel: Channel): number {
    return this.channels[channel].size;
  }

  /** Broadcasts queued or being sent in slices (tests, diagnostics). */
  get pendingBroadcasts(): number {
    return this.fanOut.pending;
  }

  /**
   * Connections, queued bytes and slow sockets, for the metrics: a walk over this process's sockets, done when
   * Prometheus scrapes (every 15 s or so), never per message.
   */
  stats(): { connections: Record<Channel, number>; queuedBytes: number; slowSockets: number; pendingBroadcasts: number } {
    let queuedBytes = 0;
    const connections = { lots: 0, auctions: 0, notifications: 0, articles: 0 };
    for (const [channel, set] of Object.entries(this.channels) as [Channel, Set<LiveClient>][]) {
      connections[channel] = set.size;
      for (const client of set) queuedBytes += client.socket.bufferedAmount;
    }
    return { connections, queuedBytes, slowSockets: this.behind.size, pendingBroadcasts: this.fanOut.pending };
  }

  startKeepalive(intervalMs = 30_000): void {
    if (this.keepalive) return;
    this.keepalive = setInterval(() => this.ping(), intervalMs);
    this.keepalive.unref?.();
  }

  stop(): void {
    if (this.keepalive) clearInterval(this.keepalive);
    if (this.catchUp) clearInterval(this.catchUp);
    this.keepalive = this.catchUp = null;
    this.fanOut.stop();
    for (const set of Object.values(this.channels)) {
      for (const client of set) client.socket.terminate();
      set.clear();
    }
    this.byUser.clear();
    this.everyLot.clear();
    this.byLot.clear();
    this.behind.clear();
  }

  private lotAudience(lotIds: readonly string[]): LiveClient[] {
    if (lotIds.length === 1) return [...this.everyLot, ...(this.byLot.get(lotIds[0]) ?? [])];
    const all = new Set(this.everyLot);
    for (const id of lotIds) for (const client of this.byLot.get(id) ?? []) all.add(client);
    return [...all];
  }

  private indexLots(client: LiveClient): void {
    if (client.lots === null) this.everyLot.add(client);
    else for (const id of client.lots) addTo(this.byLot, id, client);
  }

  private unindexLots(client: LiveClient): void {
    this.everyLot.delete(client);
    if (client.lots) for (const id of client.lots) removeFrom(this.byLot, id, client);
  }

  private sendOne(client: LiveClient, data: string | Buffer, key: string | null): void {
    const socket = client.socket;
    if (socket.readyState !== OPEN) return;
    if (key !== null && socket.bufferedAmount > SLOW_BUFFERED) {
      client.missed ??= new Map();
      client.missed.delete(key); // re-inserted last: caught up in the order they were skipped
      client.missed.set(key, data as Buffer);
      this.behind.add(client);
      if (!this.catchUp) {
        this.catchUp = setInterval(() => this.catchUpAll(), CATCH_UP_MS);
        this.catchUp.unref?.();
      }
      return;
    }
    if (socket.bufferedAmount > MAX_BUFFERED) {
      socket.terminate();
      return;
    }
    if (key !== null) client.missed?.delete(key); // older than this one
    else if (client.missed?.size) this.flushMissed(client); // states before the event that follows them
    // A text frame either way: the client parses JSON. A Buffer is framed without being copied.
    socket.send(data, { binary: false });
  }

  private catchUpAll(): void {
    for (const client of this.behind) {
      if (client.socket.readyState !== OPEN) this.behind.delete(client);
      else if (client.socket.bufferedAmount <= SLOW_BUFFERED) this.flushMissed(client);
    }
    if (this.behind.size === 0 && this.catchUp) {
      clearInterval(this.catchUp);
      this.catchUp = null;
    }
  }

  private flushMissed(client: LiveClient): void {
    const missed = client.missed;
    client.missed = undefined;
    this.behind.delete(client);
    for (const data of missed?.values() ?? []) client.socket.send(data, { binary: false });
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

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  set?.delete(value);
  if (set && set.size === 0) map.delete(key);
}

/** The hub installed in ctx.live (services/context.ts creates one per context). */
export function liveHub(live: LiveConnections): LiveHub | null {
  return live instanceof LiveHub ? live : null;
}
