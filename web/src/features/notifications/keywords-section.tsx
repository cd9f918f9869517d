/** Keywords for lot alerts: GET /api/keyword/ (limit 999), POST /api/keyword/ {word}, POST /api/delete_keywords/ {pk}. */
import { useEffect, useState, type FormEvent } from 'react';
import { addKeyword, deleteKeyword, fetchKeywords, type Keyword } from '../../api/notifications';
import type { ApiError } from '../../api/http';
import { Field, FormMessage } from '../../components/field';

export function KeywordsSection() {
  const [list, setList] = useState<Keyword[] | null>(null);
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  useEffect(() => {
    fetchKeywords().then(setList, (e) => setError((e as Error).message));
  }, []);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!word.trim()) return setFieldError('Enter a word.');
    setFieldError(undefined);
    try {
      const k = await addKeyword(word.trim());
      setList((l) => [...(l ?? []).filter((x) => x.id !== k.id), k]);
      setWord('');
    } catch (err) {
      const f = (err as ApiError).fields ?? {};
      if (f.word) setFieldError(f.word);
      else setError((err as Error).message);
    }
  };
  const remove = async (k: Keyword) => {
    setError(null);
    try {
      await deleteKeyword(k.id);
      setList((l) => (l ?? []).filter((x) => x.id !== k.id));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section className="keywords" aria-labelledby="keywords-title">
      <h2 id="keywords-title">Keywords</h2>
      <p className="muted">We tell you when a lot whose title, distillery or description matches one of your words comes up for auction.</p>
      {list === null ? <p className="muted">Loading…</p> : list.length === 0 ? <p className="muted">No keywords yet.</p> : (
        <ul className="keywords__list" aria-label="Your keywords">
          {list.map((k) => (
            <li key={String(k.id)}>
              <span>{k.word}</span>
              <button type="button" className="button button--ghost button--small" aria-label={`Delete keyword ${k.word}`} onClick={() => void remove(k)}>Delete</button>
            </li>
          ))}
        </ul>
      )}
      <form className="form form--inline" onSubmit={add} noValidate aria-label="Add a keyword">
        <Field label="New keyword" value={word} onValue={setWord} error={fieldError} />
        <button type="submit" className="button button--primary">Add keyword</button>
      </form>
      <FormMessage error={error} />
    </section>
  );
}
