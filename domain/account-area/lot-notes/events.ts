/**
 * Lot-note events, on the stream `lot-notes-<user_id>` (one stream per user: a user only ever writes to their own
 * stream, so nobody can touch another person's note). Plain JSON, instants as ISO strings.
 */

interface LotNoteWritten {
  type: 'LotNoteWritten';
  data: { note_id: string; user_id: string; lot_id: string; text: string; written_at: string };
}

interface LotNoteEdited {
  type: 'LotNoteEdited';
  data: { note_id: string; user_id: string; lot_id: string; text: string; edited_at: string };
}

export type LotNoteEvent = LotNoteWritten | LotNoteEdited;

export const LOT_NOTE_EVENT_TYPES: readonly LotNoteEvent['type'][] = ['LotNoteWritten', 'LotNoteEdited'];

export const lotNotesStream = (userId: string) => `lot-notes-${userId}`;
