import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationError } from '../../shared/errors';
import { given } from '../../shared/given-when-then';
import { lotNotesDecider } from './decide';
import type { LotNoteCommand } from './commands';
import type { LotNoteEvent } from './events';
import { LOT_NOTE_MAX_LENGTH, NOTE_REQUIRED, NOTE_TOO_LONG } from './rules';

const NOW = '2026-01-01T10:00:00.000Z';
const LATER = '2026-01-02T10:00:00.000Z';
const write = (text: string, lot = 'lot-1', now = NOW): LotNoteCommand => ({ type: 'WriteLotNote', user_id: 'u1', lot_id: lot, new_note_id: `n-${lot}`, text, now });
const editCmd = (text: string, note = 'n-lot-1'): LotNoteCommand => ({ type: 'EditLotNote', user_id: 'u1', note_id: note, text, now: LATER });
const written = (text: string, lot = 'lot-1'): LotNoteEvent => ({ type: 'LotNoteWritten', data: { note_id: `n-${lot}`, user_id: 'u1', lot_id: lot, text, written_at: NOW } });
const edited = (text: string, lot = 'lot-1'): LotNoteEvent => ({ type: 'LotNoteEdited', data: { note_id: `n-${lot}`, user_id: 'u1', lot_id: lot, text, edited_at: LATER } });

test('a first note on a lot is written, trimmed', () => {
  given(lotNotesDecider, []).when(write('  Bid up to £300  ')).thenEvents([written('Bid up to £300')]);
  given(lotNotesDecider, [written('a', 'lot-2')]).when(write('b')).thenEvents([written('b')]);
});

test('writing again on the same lot edits the one note (same id); the same text changes nothing', () => {
  given(lotNotesDecider, [written('a')]).when({ ...write('b'), now: LATER }).thenEvents([edited('b')]);
  given(lotNotesDecider, [written('a')]).when(write('a')).thenNothing();
});

test('editing by id: own notes only, unknown ids are not found', () => {
  given(lotNotesDecider, [written('a')]).when(editCmd('c')).thenEvents([edited('c')]);
  given(lotNotesDecider, [written('a'), edited('c')]).when(editCmd('c')).thenNothing();
  given(lotNotesDecider, [written('a')]).when(editCmd('c', 'someone-elses')).thenError('not_found', 'Note not found.');
});

test('blank and over-long text is refused with a field message', () => {
  const blank = given(lotNotesDecider, []).when(write('   ')).thenError('validation') as ValidationError;
  assert.equal(blank.fields, { text: [NOTE_REQUIRED] });
  given(lotNotesDecider, [written('a')]).when(editCmd('')).thenError('validation');
  const long = given(lotNotesDecider, []).when(write('x'.repeat(LOT_NOTE_MAX_LENGTH + 1))).thenError('validation') as ValidationError;
  assert.equal(long.fields, { text: [NOTE_TOO_LONG] });
  given(lotNotesDecider, []).when(write('x'.repeat(LOT_NOTE_MAX_LENGTH))).thenEvents([written('x'.repeat(LOT_NOTE_MAX_LENGTH))]);
});

test('a bad instant is refused', () => {
  given(lotNotesDecider, []).when({ ...write('a'), now: 'soon' }).thenError('validation');
});

test.run();
