/** Small helpers the catalogue's routes share. */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { CommandOutcome } from '../../infra/commands/command-handler';
import type { EventMetadata } from '../../infra/event-store/types';
import { NotFound } from '../../domain/shared/errors';
import type { LotRow } from './lots/shape';
import { awaitViews } from '../../infra/http/read-your-writes';
import { orNotFound } from '../../infra/http/validation';

const uuid = z.string().uuid();

/** A path or query id that is not even a uuid names nothing: 404, like an unknown one. */
export function idOr404(value: unknown, message = 'Not found.'): string {
  const parsed = uuid.safeParse(value);
  if (!parsed.success) throw new NotFound(message);
  return parsed.data;
}

/** The path's id; a route's params schema that refuses it (infra/http/contract.ts) also means 404. */
export function idFromParams(request: FastifyRequest, message?: string): string {
  return idOr404(orNotFound(() => (request.params as { id?: unknown }).id, message), message);
}

export async function findLot(ctx: AppContext, id: string): Promise<LotRow | undefined> {
  return ctx.db.selectFrom('lots').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function requireLot(ctx: AppContext, id: string): Promise<LotRow> {
  const row = await findLot(ctx, id);
  if (!row) throw new NotFound('Lot not found.');
  return row;
}

/**
 * Read-your-writes, bounded: waits (VIEWS_WAIT_MS at most) for every projection to apply the command's last event.
 * Never throws; false when the views are still behind (the answer then says so, infra/http/read-your-writes.ts).
 */
export function settle(ctx: AppContext, outcome: Pick<CommandOutcome<unknown, unknown>, 'append'>): Promise<boolean> {
  return awaitViews(ctx, outcome.append);
}

export function metadataOf(request: FastifyRequest): EventMetadata {
  return { user_id: request.user?.id ?? null, request_id: request.id };
}
