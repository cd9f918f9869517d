/**
 * The caller's private note on a lot (GET /api/lots/{id}/ `note`): shown, edited and saved (POST the first time with
 * user null, PATCH after), then a confirmation modal (spec 2, lot note edit). Signed-in users only.
 */
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { saveLotNote } from '../../api/account-area';
import { ApiError } from '../../api/http';
import { fieldErrors } from '../../lib/error-text';
import { lotsStore } from '../../state/lots';
import { openModal } from '../../state/modals';
import { session } from '../../state/session';

const MAX = 1000;

export function LotNoteBox({ lotId }: { lotId: string }) {
  const lot = useSnapshot(lotsStore).byId[lotId];
  const { status } = useSnapshot(session);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!lot || status !== 'signed-in') return null;
  const note = lot.note;

  const start = () => {
    setText(note?.text ?? '');
    setError('');
    setEditing(true);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Write a note first.');
    setBusy(true);
    setError('');
    try {
      const saved = await saveLotNote(lotId, text.trim(), note?.id);
      const stored = lotsStore.byId[lotId];
      if (stored) stored.note = { id: saved.id, text: saved.text, updated_at: saved.updated_at };
      setEditing(false);
      openModal('confirm', { title: 'Note saved', message: 'Your note has been saved. Only you can see it.' });
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrors(err.data) : {};
      setError(fields.text ?? (err instanceof Error ? err.message : 'The note could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="lot-note" aria-labelledby="lot-note-title">
      <h2 id="lot-note-title">My note</h2>
      <p className="lot-note__hint">Only you can see this note.</p>
      {editing ? (
        <form onSubmit={(e) => void save(e)}>
          <label className="field">
            <span className="field__label">Note</span>
            <textarea value={text} maxLength={MAX} rows={4} onChange={(e) => setText(e.target.value)} aria-invalid={!!error} />
          </label>
          {error && <p className="form-error" role="alert">{error}</p>}
          <div className="lot-note__actions">
            <button type="button" className="button button--ghost button--small" onClick={() => setEditing(false)} disabled={busy}>Cancel</button>
            <button type="submit" className="button button--small" disabled={busy}>Save note</button>
          </div>
        </form>
      ) : (
        <>
          {note?.text ? <p className="lot-note__text">{note.text}</p> : <p className="lot-note__empty">No note yet.</p>}
          <button type="button" className="button button--ghost button--small" onClick={start}>{note ? 'Edit note' : 'Add a note'}</button>
        </>
      )}
    </section>
  );
}
