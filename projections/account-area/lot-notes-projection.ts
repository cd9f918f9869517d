/** The lot_notes read model from the `lot-notes-<user>` streams: one row per note, guarded by the stream version. */
import type { Projection } from '../projection';
import { LOT_NOTE_EVENT_TYPES, type LotNoteEvent } from '../../domain/account-area/lot-notes/events';
import { assertNever } from '../../domain/shared/decider';
import './tables';

export const lotNotesProjection: Projection = {
  name: 'lot_notes',
  tables: ['lot_notes'],
  eventTypes: LOT_NOTE_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as LotNoteEvent;
    const version = stored.stream_version;
    switch (event.type) {
      case 'LotNoteWritten': {
        const d = event.data;
        const at = new Date(d.written_at);
        await trx
          .insertInto('lot_notes')
          .values({ id: d.note_id, user_id: d.user_id, lot_id: d.lot_id, text: d.text, created_at: at, updated_at: at, version })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      case 'LotNoteEdited': {
        const d = event.data;
        await trx
          .updateTable('lot_notes')
          .set({ text: d.text, updated_at: new Date(d.edited_at), version })
          .where('id', '=', d.note_id)
          .where('version', '<', version)
          .execute();
        return;
      }
      default:
        return assertNever(event);
    }
  },
};
