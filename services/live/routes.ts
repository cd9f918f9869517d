/**
 * GET /ws/lots/, /ws/auctions/, /ws/notifications/, /ws/articles/ (spec 1, "Live channel"; docs/api.md). Every channel needs a
 * fresh single-use ticket; `token` (an access token) makes the socket the user's, for private messages, and is
 * required on /ws/notifications/. Missing or invalid credentials close the socket with 4401.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import type { AppContext } from '../context';
import { consumeWsTicket } from '../accounts/ws-tickets';
import { authenticateAccessToken } from '../accounts/authenticate';
import { CLOSE_UNAUTHORIZED, liveHub, type Channel, type LiveClient, type LiveHub } from './hub';
import { hello, lotUpdate } from './messages';
import { assertNever } from '../../domain/shared/decider';

const CHANNELS: readonly Channel[] = ['lots', 'auctions', 'notifications', 'articles'];
const OPEN = 1;

const clientMessage = z.discriminatedUnion('action', [
  z.object({ action: z.literal('subscribe'), lot_ids: z.array(z.union([z.string().max(64), z.number()]).transform(String)).max(1000) }),
  z.object({ action: z.literal('subscribe_all') }),
  z.object({ action: z.literal('ping') }),
]);

export function liveRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const channel of CHANNELS) {
    // The request line carries ?ticket=&token=: the logger's request serializer redacts them (services/context.ts).
    app.get(`/ws/${channel}/`, { websocket: true }, (socket, request) => {
      open(ctx, channel, socket, request).catch((error) => {
        request.log.error({ err: error }, 'live: opening a socket failed');
        if (socket.readyState === OPEN) socket.close(1011, 'Server error');
      });
    });
  }
}

async function open(ctx: AppContext, channel: Channel, socket: WebSocket, request: FastifyRequest): Promise<void> {
  const hub = liveHub(ctx.live);
  if (!hub) return socket.close(1011, 'Live updates are not available');
  // Messages sent while the credentials are checked are kept and handled right after.
  const early: RawData[] = [];
  const keep = (data: RawData) => early.push(data);
  socket.on('message', keep);

  const userId = await identify(ctx, channel, request.query as Record<string, unknown>);
  if (userId === false) return socket.close(CLOSE_UNAUTHORIZED, 'A valid ticket (and token) is required.');
  if (socket.readyState !== OPEN) return;

  const client: LiveClient = { socket, channel, userId, lots: null, alive: true, openedAt: ctx.clock.now() };
  hub.add(client);
  socket.off('message', keep);
  socket.on('message', (data) => onMessage(ctx, hub, client, data));
  socket.send(JSON.stringify(hello(ctx.clock.now())));
  for (const data of early) onMessage(ctx, hub, client, data);
}

/** The socket's user (null = anonymous), or false when the credentials do not hold. */
async function identify(ctx: AppContext, channel: Channel, query: Record<string, unknown>): Promise<string | null | false> {
  const ticket = typeof query.ticket === 'string' ? query.ticket : null;
  const token = typeof query.token === 'string' && query.token !== '' ? query.token : null;
  const granted = ticket ? await consumeWsTicket(ctx, ticket) : null;
  if (!granted) return false;
  if (!token) {
    // A ticket fetched while signed in already names its user; notifications still insist on the token.
    return channel === 'notifications' ? false : granted.user_id;
  }
  const user = await authenticateAccessToken(ctx, token);
  if (!user || (granted.user_id !== null && granted.user_id !== user.id)) return false;
  return user.id;
}

function onMessage(ctx: AppContext, hub: LiveHub, client: LiveClient, data: RawData): void {
  let parsed: z.infer<typeof clientMessage> | null = null;
  try {
    const result = clientMessage.safeParse(JSON.parse(data.toString()));
    if (result.success) parsed = result.data;
  } catch {
    // not JSON: answered below like any unknown message
  }
  if (!parsed) {
    reply(client, { purpose: 'error', detail: 'Unknown message.' });
    return;
  }
  switch (parsed.action) {
    case 'subscribe':
      hub.setLots(client, new Set(parsed.lot_ids.map((id) => id.toLowerCase())));
      reply(client, { purpose: 'subscribed', lot_ids: [...client.lots!] });
      // Each lot as the live feed knows it: bids pushed before this socket listened, which the read models the page
      // loaded from may not have had yet. The client keeps whichever of the two has more bids.
      for (const lotId of client.lots!) {
        const state = hub.lotState(lotId);
        if (state) reply(client, lotUpdate(state));
      }
      return;
    case 'subscribe_all':
      hub.setLots(client, null);
      reply(client, { purpose: 'subscribed', lot_ids: null });
      return;
    case 'ping':
      reply(client, { purpose: 'pong', server_time: ctx.clock.now().toISOString() });
      return;
    default:
      assertNever(parsed);
  }
}

function reply(client: LiveClient, message: object): void {
  if (client.socket.readyState === OPEN) client.socket.send(JSON.stringify(message));
}
