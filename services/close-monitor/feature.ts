/**
 * The close monitor for staff (docs/operations.md, "The close monitor"): GET /ws/close_monitor/ with a fresh ticket
 * and a staff member's access token; the socket then receives the last five minutes' samples and one a second.
 * Served by every process that serves sockets; each shows the house-wide figures and its own bid decisions.
 */
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { consumeWsTicket } from '../accounts/ws-tickets';
import { authenticateAccessToken } from '../accounts/authenticate';
import { CLOSE_UNAUTHORIZED } from '../live/hub';
import { CloseMonitor } from './monitor';

/** Signed in, but not staff. */
export const CLOSE_FORBIDDEN = 4403;
const OPEN = 1;

const monitors = new WeakMap<AppContext, CloseMonitor>();

function monitorOf(ctx: AppContext): CloseMonitor {
  const known = monitors.get(ctx);
  if (known) return known;
  const monitor = new CloseMonitor(ctx);
  monitors.set(ctx, monitor);
  return monitor;
}

/** 'staff', or why not: no valid ticket and token (4401), or not staff (4403). */
async function staffOnly(ctx: AppContext, query: Record<string, unknown>): Promise<'staff' | typeof CLOSE_UNAUTHORIZED | typeof CLOSE_FORBIDDEN> {
  const ticket = typeof query.ticket === 'string' ? await consumeWsTicket(ctx, query.ticket) : null;
  const user = ticket && typeof query.token === 'string' && query.token ? await authenticateAccessToken(ctx, query.token) : null;
  if (!user || (ticket!.user_id !== null && ticket!.user_id !== user.id)) return CLOSE_UNAUTHORIZED;
  return user.is_staff ? 'staff' : CLOSE_FORBIDDEN;
}

async function open(ctx: AppContext, socket: WebSocket, request: FastifyRequest): Promise<void> {
  const verdict = await staffOnly(ctx, request.query as Record<string, unknown>);
  if (verdict === CLOSE_UNAUTHORIZED) return socket.close(CLOSE_UNAUTHORIZED, 'A valid ticket and token are required.');
  if (verdict === CLOSE_FORBIDDEN) return socket.close(CLOSE_FORBIDDEN, 'The close monitor is for staff.');
  if (socket.readyState !== OPEN) return;
  const unwatch = monitorOf(ctx).watch(socket);
  socket.on('close', unwatch);
  // Nothing to say to the monitor: whatever a client sends is ignored.
  socket.on('message', () => {});
}

export const closeMonitorFeature: Feature = {
  name: 'close-monitor',
  routes(app, ctx) {
    // Like the live channels: an API node serves no socket.
    if (ctx.config.role === 'api') return;
    app.get('/ws/close_monitor/', { websocket: true }, (socket, request) => {
      open(ctx, socket, request).catch((error) => {
        request.log.error({ err: error }, 'close monitor: opening a socket failed');
        if (socket.readyState === OPEN) socket.close(1011, 'Server error');
      });
    });
  },
  stop(ctx) {
    monitors.get(ctx)?.stop();
    monitors.delete(ctx);
  },
};
