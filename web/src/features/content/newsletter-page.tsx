/**
 * /newsletter/confirm and /newsletter/unsubscribe: the pages the newsletter emails link to (double opt-in). The
 * address and its token come from the link; nothing changes until the reader presses the button, so a mail scanner
 * that opens links cannot subscribe or unsubscribe anyone.
 */
import { useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { post } from '../../api/http';
import { FormMessage } from '../../components/field';
import { PageHead } from '../../components/page-head';

const TEXT = {
  confirm: { title: 'Confirm your subscription', button: 'Confirm my subscription', intro: 'Press the button to start getting our newsletter at' },
  unsubscribe: { title: 'Unsubscribe', button: 'Unsubscribe', intro: 'Press the button to stop getting our newsletter at' },
} as const;

export function NewsletterLinkPage() {
  const { action } = useParams<{ action: string }>();
  const purpose = action === 'unsubscribe' ? 'unsubscribe' : 'confirm';
  const q = new URLSearchParams(useSearch());
  const email = q.get('email') ?? '';
  const token = q.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      const r = await post<{ detail: string }>(`/api/newsletter/${purpose}/`, { email, token }, { auth: false });
      setResult({ ok: true, text: r.detail });
    } catch (e) {
      setResult({ ok: false, text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHead title={TEXT[purpose].title} eyebrow="Newsletter" />
      <div className="container section prose">
        <p>{TEXT[purpose].intro} <strong>{email || 'this address'}</strong>.</p>
        <FormMessage error={result && !result.ok ? result.text : null} success={result?.ok ? result.text : null} />
        {!result?.ok && <button type="button" className="button button--primary" disabled={busy || !email || !token} onClick={go}>{TEXT[purpose].button}</button>}
      </div>
    </>
  );
}
