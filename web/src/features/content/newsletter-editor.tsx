/**
 * The campaign editor: subject and Markdown body with a live preview of the email exactly as subscribers will get it
 * (rendered by the server with the unsubscribe footer), how many addresses it would go to now, save as draft, and
 * send after a confirmation. A sent campaign opens read-only with its delivery figures.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/http';
import { ErrorNote, Spinner } from '../../components/feedback';
import { Field, FormMessage } from '../../components/field';
import { formatDateTime } from '../../lib/dates';
import { pushToast } from '../../state/toasts';
import { setStyledHtml } from '../../lib/styled-html';
import { fetchCampaign, newIdempotencyKey, previewCampaign, saveCampaign, sendCampaign, type CampaignDetail, type CampaignInput } from './newsletter-api';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

export function deliveryText(c: { status: string; recipients_count: number | null; queued_count: number; pending_count: number; skipped_count: number }): string {
  if (c.status !== 'sent') return '—';
  const total = c.recipients_count ?? 0;
  const queued = c.pending_count > 0 ? `${c.queued_count} of ${total} queued` : `${plural(c.queued_count, 'email', 'emails')} queued`;
  return c.skipped_count > 0 ? `${queued}, ${c.skipped_count} skipped (unsubscribed since)` : queued;
}

function EmailPreview({ html }: { html: string }) {
  const holder = useRef<HTMLDivElement>(null);
  // The email's inline styles go through the CSSOM: the page's CSP refuses style="" in HTML (lib/styled-html.ts).
  useEffect(() => {
    if (holder.current) setStyledHtml(holder.current, html);
  }, [html]);
  return <div className="newsletter-preview" role="region" aria-label="Email preview" ref={holder} />;
}

function SentCampaign({ c, onDone }: { c: CampaignDetail; onDone: () => void }) {
  return (
    <article className="newsletter-sent" aria-label="Sent campaign">
      <h2>{c.subject}</h2>
      <p>Sent {formatDateTime(c.sent_at)} to {plural(c.recipients_count ?? 0, 'address', 'addresses')}. {deliveryText(c)}.</p>
      <EmailPreview html={c.preview.html} />
      <p><button type="button" className="button" onClick={onDone}>Back to campaigns</button></p>
    </article>
  );
}

export function CampaignEditor({ id: openedId, onDone }: { id: string | null; onDone: () => void }) {
  const [id, setId] = useState(openedId);
  const [loaded, setLoaded] = useState<CampaignDetail | null>(null);
  const [v, setV] = useState<CampaignInput>({ subject: '', body: '' });
  const [saved, setSaved] = useState<CampaignInput | null>(null);
  const [preview, setPreview] = useState<{ html: string; audience: number } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // One key per confirmed send: pressing again after a lost answer repeats the same send, never a second one.
  const sendKey = useRef<string | null>(null);

  useEffect(() => {
    if (!openedId) return;
    fetchCampaign(openedId).then((c) => {
      setLoaded(c);
      setV({ subject: c.subject, body: c.body });
      setSaved({ subject: c.subject, body: c.body });
    }, (e: Error) => setMessage(e.message));
  }, [openedId]);

  useEffect(() => {
    const timer = setTimeout(() => previewCampaign(v).then((r) => setPreview({ html: r.html, audience: r.audience_count }), () => {}), 300);
    return () => clearTimeout(timer);
  }, [v]);

  const fail = (err: unknown) => {
    setErrors((err as ApiError).fields ?? {});
    setMessage((err as Error).message);
  };
  const save = async (): Promise<string | null> => {
    setErrors({});
    setMessage(null);
    if (id && saved && saved.subject === v.subject && saved.body === v.body) return id;
    try {
      const c = await saveCampaign(id, v);
      setId(c.id);
      setSaved({ subject: c.subject, body: c.body });
      return c.id;
    } catch (err) {
      fail(err);
      return null;
    }
  };
  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    if (await save()) pushToast({ kind: 'success', title: 'Draft saved', text: v.subject });
    setBusy(false);
  };
  const askToSend = async () => {
    setBusy(true);
    if (await save()) {
      sendKey.current ??= newIdempotencyKey();
      setConfirming(true);
    }
    setBusy(false);
  };
  const send = async () => {
    if (!id || !sendKey.current) return;
    setBusy(true);
    try {
      const c = await sendCampaign(id, sendKey.current);
      pushToast({ kind: 'success', title: 'Campaign sent', text: `${c.subject}: ${plural(c.recipients_count ?? 0, 'address', 'addresses')}` });
      onDone();
    } catch (err) {
      fail(err);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  if (openedId && !loaded) return message ? <ErrorNote error={message} /> : <Spinner />;
  if (loaded?.status === 'sent') return <SentCampaign c={loaded} onDone={onDone} />;
  const set = (k: keyof CampaignInput) => (x: string) => {
    setV((prev) => ({ ...prev, [k]: x }));
    setConfirming(false);
  };
  return (
    <form className="form" onSubmit={onSave} noValidate aria-label={id ? 'Edit campaign' : 'New campaign'}>
      <Field label="Subject" value={v.subject} onValue={set('subject')} error={errors.subject} maxLength={200} />
      <div className="content-editor">
        <div className={`field${errors.body ? ' field--invalid' : ''}`}>
          <label htmlFor="newsletter-body">Newsletter (Markdown)</label>
          <textarea id="newsletter-body" value={v.body} onChange={(e) => set('body')(e.target.value)} aria-invalid={!!errors.body} />
          {errors.body && <p className="field-error">{errors.body}</p>}
        </div>
        <EmailPreview html={preview?.html ?? ''} />
      </div>
      <p className="newsletter-audience" aria-live="polite">
        {preview ? `Sent now, it would go to ${plural(preview.audience, 'subscriber', 'subscribers')}.` : 'Counting subscribers…'}
      </p>
      <FormMessage error={message} />
      {confirming ? (
        <div className="newsletter-confirm" role="alertdialog" aria-label="Confirm sending">
          <p>Send “{v.subject}” to {plural(preview?.audience ?? 0, 'subscriber', 'subscribers')} now? A campaign is sent once and cannot be changed afterwards.</p>
          <div className="button-row">
            <button type="button" className="button button--primary" disabled={busy} onClick={send}>Send now</button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>Cancel</button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>Save draft</button>
          <button type="button" className="button button--primary" disabled={busy} onClick={askToSend}>Send…</button>
          <button type="button" className="button" onClick={onDone}>Back</button>
        </div>
      )}
    </form>
  );
}
