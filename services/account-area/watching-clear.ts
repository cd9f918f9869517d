/**
 * DELETE /api/delete_watching_list/: without `lot`, clears the caller's whole watching list; with `?lot={id}`
 * removes that one lot (the answer the catalogue gave before: `{detail, lot, is_watched: false}`).
 *
 * Clearing uses the watching decider's own rule for each watched lot, so the stream gets one
 * WatchingListLotRemoved per lot, appended together in one command (all or nothing, one version check).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answers } from '../../infra/http/answers';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import type { Decider } from '../../domain/shared/decider';
import { decideWatching, watchingDecider, type WatchingState } from '../../domain/catalogue/watching/decide';
import { watchingStream, type WatchingEvent } from '../../domain/catalogue/watching/events';
import { idOr404, metadataOf, settle } from '../catalogue/http';

interface ClearWatchingList { type: 'ClearWatchingList'; user_id: string; now: string }

/** Every watched lot removed, by the single-lot rule (which also checks the instant). */
function decideClear(command: ClearWatchingList, state: WatchingState): WatchingEvent[] {
  return Object.keys(state.lots).sort().flatMap((lotId) =>
    decideWatching({ type: 'RemoveLotFromWatchingList', user_id: command.user_id, lot_id: lotId, now: command.now }, state));
}

/** A module constant, so the command handler's per-decider state cache is reused between calls. */
const clearDecider: Decider<WatchingState, ClearWatchingList, WatchingEvent> = { ...watchingDecider, decide: decideClear };

/** One lot removed (`lot`, `is_watched`), or the whole list cleared (`removed`: how many). */
const clearedAnswer = z.union([
  z.object({ detail: z.string(), lot: z.string(), is_watched: z.literal(false) }),
  z.object({ detail: z.string(), removed: z.number().int() }),
]);

export function watchingClearRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.delete('/api/delete_watching_list/', { schema: { summary: 'Remove one lot (`lot` in query or body) or clear the whole watching list', response: answers({ 200: clearedAnswer }, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const lot = (request.query as { lot?: unknown } | undefined)?.lot ?? (request.body as { lot?: unknown } | undefined)?.lot;
    const now = ctx.clock.now().toISOString();
    if (lot !== undefined) {
      const lotId = idOr404(lot, 'Lot not found.');
      const outcome = await ctx.commands.handle(watchingStream(user.id), watchingDecider,
        { type: 'RemoveLotFromWatchingList', user_id: user.id, lot_id: lotId, now }, metadataOf(request));
      await settle(ctx, outcome);
      return { detail: 'The lot was removed from your watching list.', lot: lotId, is_watched: false };
    }
    const outcome = await ctx.commands.handle(watchingStream(user.id), clearDecider, { type: 'ClearWatchingList', user_id: user.id, now }, metadataOf(request));
    await settle(ctx, outcome);
    return { detail: 'Your watching list is empty.', removed: outcome.events.length };
  });
}
