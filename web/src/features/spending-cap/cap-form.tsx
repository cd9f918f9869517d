/** Setting, changing or removing one auction's cap; the server's refusals show under the field. */
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http';
import { formatGBP } from '../../lib/money';
import { removeCap, setCap } from './cap-store';
import { readCapInput } from './rules';

/** `{cap: ["..."]}` without the "Cap:" prefix of the general error text; otherwise the detail. */
function refusalText(e: unknown): string {
  if (e instanceof ApiError) return e.fields.cap || e.message || 'Server error';
  return (e as Error)?.message || 'Server error';
}

export function CapForm({ auctionId, cap }: { auctionId: string | number; cap: string | null }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);

  const run = async (what: 'save' | 'remove', call: () => Promise<string>) => {
    setBusy(what);
    setError('');
    setDone('');
    try {
      setDone(await call());
    } catch (e) {
      setError(refusalText(e));
      input.current?.focus();
    } finally {
      setBusy(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readCapInput(text);
    if (!read.ok) {
      setDone('');
      setError(read.message);
      return input.current?.focus();
    }
    void run('save', async () => {
      const view = await setCap(auctionId, read.cap);
      setText('');
      return `Your cap is now ${formatGBP(view.cap)}.`;
    });
  };

  const remove = () => void run('remove', async () => {
    await removeCap(auctionId);
    setText('');
    return 'Your cap has been removed: bids in this auction are no longer limited.';
  });

  return (
    <form className="cap-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="cap-form__label">{cap ? 'Change your cap' : 'Set your cap'}</label>
      <div className="cap-form__row">
        <div className={`money-input${error ? ' money-input--invalid' : ''}`}>
          <span aria-hidden="true">£</span>
          <input
            ref={input}
            id={id}
            inputMode="decimal"
            autoComplete="off"
            placeholder={cap ? String(Number(cap)) : '500'}
            value={text}
            aria-invalid={!!error}
            aria-describedby={`${id}-msg`}
            onChange={(e) => {
              setText(e.target.value);
              setError('');
            }}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save'}
        </button>
      </div>
      <div id={`${id}-msg`} className="cap-form__messages">
        {error && <p className="form-error" role="alert">{error}</p>}
        {!error && done && <p className="form-success" role="status">{done}</p>}
      </div>
      {cap && (
        <button type="button" className="link-button cap-form__remove" onClick={remove} disabled={busy !== null}>
          {busy === 'remove' ? 'Removing…' : 'Remove cap'}
        </button>
      )}
    </form>
  );
}
