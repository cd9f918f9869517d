/** Footer newsletter sign-up: POST /api/subscribe_newsletter/ {email}; server errors are shown on the field. */
import { useId, useState, type FormEvent } from 'react';
import { subscribeNewsletter } from '../api/auth';
import type { ApiError } from '../api/http';
import { validateNewsletterEmail } from '../lib/validation';

const NEWSLETTER_SUCCESS = 'You have subscribed on our emails';

export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateNewsletterEmail(email);
    setError(problem ?? '');
    if (problem) return;
    setBusy(true);
    try {
      // The server's text says whether a confirmation link was sent (double opt-in).
      const r = await subscribeNewsletter(email.trim());
      setDone(r?.detail || NEWSLETTER_SUCCESS);
      setEmail('');
    } catch (err) {
      const apiErr = err as ApiError;
      setError(apiErr.fields?.email ?? apiErr.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="newsletter" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-email`} className="newsletter__label">Newsletter</label>
      <p className="newsletter__hint" id={`${id}-hint`}>Auction dates, featured lots and results, once a month.</p>
      <div className="newsletter__row">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="Your email address"
          value={email}
          aria-invalid={!!error}
          aria-describedby={`${id}-hint ${id}-msg`}
          onChange={(e) => {
            setEmail(e.target.value);
            setDone('');
            if (error) setError('');
          }}
        />
        <button type="submit" className="button button--gold" disabled={busy}>Subscribe</button>
      </div>
      <p id={`${id}-msg`} className={error ? 'field-error' : 'form-success'} role={error ? 'alert' : 'status'}>
        {error || done}
      </p>
    </form>
  );
}
