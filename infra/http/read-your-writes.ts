/**
 * Read-your-writes without ever failing a committed write. Once a command's events are stored the answer is a
 * success, whatever the read models do: `awaitViews` waits a bounded time (`VIEWS_WAIT_MS`) for the projections to
 * apply the command's last event and never throws. Every answer that committed events carries
 * `Event-Position: <transaction_id>:<position>` (its last event); when the views were not there in time it also
 * carries `Views-Catching-Up: true`. A later GET sends that position back as `Read-After` and is held (bounded the
 * same way) until the views have reached it, so the client reads its own write without the write waiting for it.
 *
 * Infrastructure: it imports no feature slice. The request is found through AsyncLocalStorage, so the commands deep
 * in a slice mark their request's answer without the request being threaded through every call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import { compareCursors, type AppendResult, type FeedCursor } from '../event-store/types';

const EVENT_POSITION = 'Event-Position';
const VIEWS_CATCHING_UP = 'Views-Catching-Up';
const READ_AFTER = 'read-after';

/** What a command wrote: appends (one or several), a cursor, a command outcome with its append, or nothing. */
type Written = AppendResult | readonly AppendResult[] | FeedCursor | { append: AppendResult | null } | null | undefined;

/** How far the read models are (the projection runner answers it), known only as feed positions. */
export interface ViewProgress {
  reached(cursor: FeedCursor, only?: readonly string[]): boolean;
  waitFor(cursor: FeedCursor, timeoutMs?: number, only?: readonly string[]): Promise<void>;
}

/** What read-your-writes needs of the app (AppContext has it). */
export interface ViewsContext { projections: ViewProgress; config: Pick<Config, 'viewsWaitMs'> }

interface Marks { position: FeedCursor | null; behind: boolean }

const requests = new AsyncLocalStorage<FastifyRequest>();
const marks = new WeakMap<FastifyRequest, Marks>();

/** The last event of what was written; null when nothing was (a no-op decision, a replayed retry). */
function lastPosition(written: Written): FeedCursor | null {
  if (!written) return null;
  if ('transaction_id' in written && 'position' in written) return { transaction_id: written.transaction_id, position: written.position };
  const appends: readonly AppendResult[] = isList(written) ? written
    : 'append' in written ? (written.append ? [written.append] : [])
    : [written];
  let last: FeedCursor | null = null;
  for (const event of appends.flatMap((a) => a.events)) {
    const cursor = { transaction_id: event.transaction_id, position: event.position };
    if (!last || compareCursors(cursor, last) > 0) last = cursor;
  }
  return last;
}

/**
 * After a commit: waits at most `VIEWS_WAIT_MS` for every projection (or `only` these) to apply the write's last
 * event and marks the answer. Resolves true when they did; never rejects (a timeout or a stopped runner is only
 * "behind"). `request` defaults to the request this code runs for; outside a request (a scheduler, a script) it only
 * waits.
 */
export async function awaitViews(
  ctx: ViewsContext, written: Written,
  options: { request?: FastifyRequest; only?: readonly string[]; waitMs?: number } = {},
): Promise<boolean> {
  const cursor = lastPosition(written);
  if (!cursor) return true;
  const request = options.request ?? requests.getStore();
  if (request) markPosition(request, cursor);
  const caughtUp = await reach(ctx, cursor, options.waitMs ?? ctx.config.viewsWaitMs, options.only);
  if (!caughtUp && request) markBehind(request);
  return caughtUp;
}

/**
 * For a path that answers without waiting (the bid hot path): marks the position and says whether the views are
 * already there, at no cost.
 */
export function noteWritten(ctx: Pick<ViewsContext, 'projections'>, written: Written, request?: FastifyRequest): void {
  const cursor = lastPosition(written);
  const target = request ?? requests.getStore();
  if (!cursor || !target) return;
  markPosition(target, cursor);
  if (!ctx.projections.reached(cursor)) markBehind(target);
}

async function reach(ctx: Pick<ViewsContext, 'projections'>, cursor: FeedCursor, waitMs: number, only?: readonly string[]): Promise<boolean> {
  if (ctx.projections.reached(cursor, only)) return true;
  if (waitMs <= 0) return false;
  try {
    await ctx.projections.waitFor(cursor, waitMs, only);
    return true;
  } catch {
    return false;
  }
}

const isList = (w: object): w is readonly AppendResult[] => Array.isArray(w);

function markPosition(request: FastifyRequest, cursor: FeedCursor): void {
  const m = marks.get(request) ?? { position: null, behind: false };
  if (!m.position || compareCursors(cursor, m.position) > 0) m.position = cursor;
  marks.set(request, m);
}

function markBehind(request: FastifyRequest): void {
  const m = marks.get(request) ?? { position: null, behind: false };
  m.behind = true;
  marks.set(request, m);
}

function formatPosition(cursor: FeedCursor): string {
  return `${cursor.transaction_id}:${cursor.position}`;
}

/** `<transaction_id>:<position>`, both whole numbers within their column's range (xid8, bigint); null if not. */
function parsePosition(value: string): FeedCursor | null {
  const match = /^(\d{1,20}):(\d{1,19})$/.exec(value);
  if (!match) return null;
  const xid = BigInt(match[1]), position = BigInt(match[2]);
  if (xid > 18446744073709551615n || position > 9223372036854775807n) return null;
  return { transaction_id: xid.toString(), position: Number(position) };
}

/**
 * The request scope (so `awaitViews` finds its request), the `Read-After` wait of reads, and the two headers on
 * every answer. Registered on the root before the features, so every route has them.
 */
export function installReadYourWrites(app: FastifyInstance, ctx: ViewsContext): void {
  app.addHook('preHandler', (request, reply, done) => {
    requests.run(request, () => {
      const header = request.headers[READ_AFTER];
      if (header === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
      const cursor = typeof header === 'string' ? parsePosition(header.trim()) : null;
      if (!cursor) {
        void reply.status(400).send({ detail: 'Read-After must be <transaction_id>:<position>, as sent in Event-Position.' });
        return;
      }
      reach(ctx, cursor, ctx.config.viewsWaitMs).then((caughtUp) => {
        if (!caughtUp) markBehind(request);
        done();
      }, done);
    });
  });
  // A callback hook, not an async one: it runs on every answer (bids included), and an async hook costs a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const m = marks.get(request);
    if (m?.position) reply.header(EVENT_POSITION, formatPosition(m.position));
    if (m?.behind) reply.header(VIEWS_CATCHING_UP, 'true');
    done(null, payload);
  });
}
