/**
 * Lot notes: POST /api/lot_notes/ {text, lot, user: null}, PATCH /api/lot_notes/{note_id}/ {text},
 * GET /api/lot_notes/?lot= (the caller's note on a lot, or null). Each user's notes are their own stream
 * (`lot-notes-<user>`), so a user can only ever change their own; another user's note id answers 404.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { answers } from '../../infra/http/answers';
import { requireUser } from '../../infra/http/auth';
import { lotNotesDecider } from '../../domain/account-area/lot-notes/decide';
import { lotNotesStream } from '../../domain/account-area/lot-notes/events';
import { LOT_NOTE_MAX_LENGTH, NOTE_REQUIRED, NOTE_TOO_LONG } from '../../domain/account-area/lot-notes/rules';
import { idOr404, metadataOf, requireLot, settle } from '../catalogue/http';
import '../../projections/account-area/tables';

const noteText = z
  .string({ message: NOTE_REQUIRED })
  .trim()
  .min(1, NOTE_REQUIRED)
  .max(LOT_NOTE_MAX_LENGTH, NOTE_TOO_LONG);

export const createBody = z.object({
  text: noteText,
  lot: z.string({ message: NOTE_REQUIRED }).uuid({ message: 'Lot not found.' }),
  // The client sends null; the server always assigns the caller, so any other value is refused rather than ignored.
  user: z.null({ message: 'Leave user empty: the note is always yours.' }).optional(),
});
export const editBody = z.object({ text: noteText });
const noteQuery = z.object({ lot: z.string({ message: NOTE_REQUIRED }).uuid({ message: 'Lot not found.' }) });

export const noteAnswer = z.object({ id: z.string(), text: z.string(), lot: z.string(), user: z.string(), created_at: z.string(), updated_at: z.string() });
export type NoteApi = z.infer<typeof noteAnswer>;

async function readNote(ctx: AppContext, where: { id?: string; userId: string; lotId?: string }): Promise<NoteApi | null> {
  let q = ctx.db.selectFrom('lot_notes').selectAll().where('user_id', '=', where.userId);
  if (where.id) q = q.where('id', '=', where.id);
  if (where.lotId) q = q.where('lot_id', '=', where.lotId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  return { id: row.id, text: row.text, lot: row.lot_id, user: row.user_id, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/** The caller's note for the lot page (`note` on GET /api/lots/{id}/). */
export async function noteForLot(ctx: AppContext, userId: string | null, lotId: string): Promise<{ id: string; text: string; updated_at: string } | null> {
  if (userId === null) return null;
  const note = await readNote(ctx, { userId, lotId });
  return note && { id: note.id, text: note.text, updated_at: note.updated_at };
}

/** The note as read, with the events just appended laid over it (the lot_notes view may still be behind). */
function noteAfter(note: NoteApi | null, events: readonly { type: string; data: unknown }[]): NoteApi | null {
  let next = note;
  for (const e of events) {
    if (e.type === 'LotNoteWritten') {
      const d = e.data as { note_id: string; user_id: string; lot_id: string; text: string; written_at: string };
      const at = new Date(d.written_at).toISOString();
      next = { id: d.note_id, text: d.text, lot: d.lot_id, user: d.user_id, created_at: at, updated_at: at };
    } else if (e.type === 'LotNoteEdited' && next) {
      const d = e.data as { text: string; edited_at: string };
      next = { ...next, text: d.text, updated_at: new Date(d.edited_at).toISOString() };
    }
  }
  return next;
}

const noteParams = z.object({ id: z.string() });

export function lotNoteRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/api/lot_notes/', { schema: { summary: 'Write a private note on a lot', body: createBody, response: answers({ 200: noteAnswer.nullable(), 201: noteAnswer.nullable() }, 400, 401, 404) } }, async (request, reply) => {
    const user = requireUser(request);
    const body = { ...request.body };
    await requireLot(ctx, body.lot);
    const outcome = await ctx.commands.handle(lotNotesStream(user.id), lotNotesDecider, {
      type: 'WriteLotNote', user_id: user.id, lot_id: body.lot, new_note_id: randomUUID(), text: body.text, now: ctx.clock.now().toISOString(),
    }, metadataOf(request));
    const caughtUp = await settle(ctx, outcome);
    const created = outcome.events.some((e) => e.type === 'LotNoteWritten');
    reply.code(created ? 201 : 200);
    const note = await readNote(ctx, { userId: user.id, lotId: body.lot });
    return caughtUp ? note : noteAfter(note, outcome.events);
  });

  app.patch('/api/lot_notes/:id/', { schema: { summary: 'Edit a lot note', params: noteParams, body: editBody, response: answers({ 200: noteAnswer.nullable() }, 400, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const noteId = idOr404(request.params.id, 'Note not found.');
    const body = { ...request.body };
    const outcome = await ctx.commands.handle(lotNotesStream(user.id), lotNotesDecider, {
      type: 'EditLotNote', user_id: user.id, note_id: noteId, text: body.text, now: ctx.clock.now().toISOString(),
    }, metadataOf(request));
    const caughtUp = await settle(ctx, outcome);
    const note = await readNote(ctx, { userId: user.id, id: noteId });
    return caughtUp ? note : noteAfter(note, outcome.events);
  });

  app.get('/api/lot_notes/', { schema: { summary: "The user's notes on a lot", querystring: noteQuery, response: answers({ 200: z.object({ note: noteAnswer.nullable() }) }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const q = { ...request.query };
    return { note: await readNote(ctx, { userId: user.id, lotId: q.lot }) };
  });
}
