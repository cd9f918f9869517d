/** A Note (not for wallet settle): anything the house should know, at most 600 symbols. */
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { checkout } from './checkout-store';
import { NOTE_MAX } from './rules';
import { NOTE_MSG } from './summary-rules';

export function NoteSection() {
  const snap = useSnapshot(checkout);
  const id = useId();
  const note = snap.draft.note_from_customer;
  const error = note.length > NOTE_MAX ? NOTE_MSG : (snap.costs.fields.note_from_customer ?? null);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>Note for our team (optional)</label>
      <textarea
        id={id} rows={3} value={note} aria-invalid={!!error} aria-describedby={`${id}-count${error ? ` ${id}-err` : ''}`}
        placeholder="Delivery instructions, gift wrapping, anything we should know"
        onChange={(e) => { checkout.draft.note_from_customer = e.target.value; }}
      />
      <p id={`${id}-count`} className={`field__hint checkout-count${note.length > NOTE_MAX ? ' is-over' : ''}`}>{note.length} / {NOTE_MAX}</p>
      {error && <p id={`${id}-err`} className="field-error">{error}</p>}
    </div>
  );
}
