/**
 * A user's lot notes: at most one note per lot. Writing a note on a lot that already has one replaces its text
 * (same id), so a second POST from another tab or a double click never makes a duplicate. Saving the same text
 * again answers no events.
 */
import { assertNever, type Decider } from '../../shared/decider';
import { NotFound } from '../../shared/errors';
import type { LotNoteCommand } from './commands';
import type { LotNoteEvent } from './events';
import { checkInstant, checkNoteText } from './rules';

interface NoteState {
  lot_id: string;
  text: string;
}

interface LotNotesState {
  /** By note id. */
  notes: Readonly<Record<string, NoteState>>;
  /** Note id by lot id. */
  byLot: Readonly<Record<string, string>>;
}

const initialLotNotesState: LotNotesState = Object.freeze({ notes: Object.freeze({}), byLot: Object.freeze({}) });

function evolveLotNotes(state: LotNotesState, event: LotNoteEvent): LotNotesState {
  switch (event.type) {
    case 'LotNoteWritten':
    case 'LotNoteEdited': {
      const d = event.data;
      return { notes: { ...state.notes, [d.note_id]: { lot_id: d.lot_id, text: d.text } }, byLot: { ...state.byLot, [d.lot_id]: d.note_id } };
    }
    default:
      return assertNever(event);
  }
}

function edit(state: LotNotesState, userId: string, noteId: string, text: string, at: string): LotNoteEvent[] {
  const note = state.notes[noteId]!;
  if (note.text === text) return [];
  return [{ type: 'LotNoteEdited', data: { note_id: noteId, user_id: userId, lot_id: note.lot_id, text, edited_at: at } }];
}

function decideLotNotes(command: LotNoteCommand, state: LotNotesState): LotNoteEvent[] {
  const text = checkNoteText(command.text);
  const at = checkInstant(command.now);
  switch (command.type) {
    case 'WriteLotNote': {
      const existing = state.byLot[command.lot_id];
      if (existing !== undefined) return edit(state, command.user_id, existing, text, at);
      return [{
        type: 'LotNoteWritten',
        data: { note_id: command.new_note_id, user_id: command.user_id, lot_id: command.lot_id, text, written_at: at },
      }];
    }
    case 'EditLotNote':
      // Another user's note is simply not in this user's stream: the same answer as a note that never existed.
      if (state.notes[command.note_id] === undefined) throw new NotFound('Note not found.');
      return edit(state, command.user_id, command.note_id, text, at);
    default:
      return assertNever(command);
  }
}

export const lotNotesDecider: Decider<LotNotesState, LotNoteCommand, LotNoteEvent> = {
  initialState: initialLotNotesState,
  evolve: evolveLotNotes,
  decide: decideLotNotes,
};
