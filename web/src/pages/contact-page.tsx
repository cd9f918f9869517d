/** /contact-us: the house's details and hours from its settings (features/content/house-contact.tsx) and a message form (POST /api/contact_us/). */
import { useState, type FormEvent } from 'react';
import { sendContactMessage } from '../api/site';
import type { ApiError } from '../api/http';
import { Field, FormMessage } from '../components/field';
import { PageHead } from '../components/page-head';
import { HouseContact } from '../features/content/house-contact';
import { MSG, validateEmail } from '../lib/validation';

export function ContactPage() {
  const [v, setV] = useState({ name: '', email: '', subject: '', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (x: string) => setV({ ...v, [k]: x });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!v.name.trim()) next.name = MSG.required;
    const em = validateEmail(v.email);
    if (em) next.email = em;
    if (!v.subject.trim()) next.subject = MSG.required;
    // The same bounds as the server (services/content/contact.ts).
    if (!v.message.trim()) next.message = MSG.required;
    else if (v.message.trim().length < 10) next.message = 'Write at least 10 characters.';
    else if (v.message.length > 5000) next.message = 'At most 5000 characters.';
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const r = await sendContactMessage({ ...v, email: v.email.trim() });
      setResult({ ok: true, text: r?.detail || 'Thank you, we will reply within one working day.' });
      setV({ name: '', email: '', subject: '', message: '' });
    } catch (err) {
      setErrors((err as ApiError).fields ?? {});
      setResult({ ok: false, text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHead title="Contact Us" eyebrow="We are here to help" />
      <div className="container section two-col">
        <form className="form" onSubmit={submit} noValidate>
          <Field label="Your name" autoComplete="name" value={v.name} onValue={set('name')} error={errors.name} />
          <Field label="Email" type="email" autoComplete="email" value={v.email} onValue={set('email')} error={errors.email} />
          <Field label="Subject" value={v.subject} onValue={set('subject')} error={errors.subject} />
          <div className={`field${errors.message ? ' field--invalid' : ''}`}>
            <label htmlFor="contact-message">Message</label>
            <textarea id="contact-message" rows={6} value={v.message} aria-invalid={!!errors.message} aria-describedby="contact-message-err" onChange={(e) => set('message')(e.target.value)} />
            {errors.message && <p id="contact-message-err" className="field-error">{errors.message}</p>}
          </div>
          <FormMessage error={result && !result.ok ? result.text : null} success={result?.ok ? result.text : null} />
          <button type="submit" className="button button--primary" disabled={busy}>Send message</button>
        </form>
        <aside className="prose">
          <h2>Visit or call</h2>
          <HouseContact />
        </aside>
      </div>
    </>
  );
}
