/** Lot-note commands: the user comes from the session; the new note id and the time come from the server. */

/** Write the caller's note on a lot: creates it, or replaces the text of the one they already have there. */
interface WriteLotNote {
  type: 'WriteLotNote';
  user_id: string;
  lot_id: string;
  /** Used only when the user has no note on the lot yet. */
  new_note_id: string;
  text: string;
  now: string;
}

/** Change the text of one of the caller's notes, named by its id. */
interface EditLotNote {
  type: 'EditLotNote';
  user_id: string;
  note_id: string;
  text: string;
  now: string;
}

export type LotNoteCommand = WriteLotNote | EditLotNote;
