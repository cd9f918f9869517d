/** "Send me a code", then the emailed 6-digit code; a refused code shows the server's msg. */
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Field } from './field';
import { session } from '../state/session';
import { cleanCode, isCodeShaped, serverMessage, WITHDRAW_MSG } from '../lib/wallet-rules';
import { payoutAccess, grantAccess } from '../state/payout-access';
import { sendAccessCode, verifyAccessCode } from '../api/payout';

export function AccessGate({ userId, onError }: { userId: string; onError: (e: unknown) => void }) {
  const { user } = useSnapshot(session);
  const { reason } = useSnapshot(payoutAccess);
  const [sent, setSent] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [local, setLocal] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    setError('');
    setCode('');
    try {
      const answer = await sendAccessCode();
      setSent(answer.msg || `We have emailed a code to ${user?.email ?? 'you'}.`);
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!isCodeShaped(code)) return setLocal(WITHDRAW_MSG.codeFormat);
    setLocal('');
    setBusy(true);
    setError('');
    try {
      // A refused code is a 400 (the catch below); a 200 always grants access (api/contract.ts AccessGranted).
      const answer = await verifyAccessCode(cleanCode(code));
      grantAccess(userId, answer.expires_at);
    } catch (err) {
      setError(serverMessage(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="payout-gate">
      {reason && <p className="notice notice--info" role="status">{reason}</p>}
      {!sent ? (
        <>
          <p>To see or change your payout details, we first email a 6-digit code to <strong>{user?.email}</strong>.</p>
          <button type="button" className="button button--primary" onClick={send} disabled={busy}>{busy ? 'Sending…' : 'Send me a code'}</button>
        </>
      ) : (
        <form className="form" onSubmit={verify} noValidate aria-label="Confirm the access code">
          <p className="form-success" role="status">{sent}</p>
          <Field
            label="Access code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} error={local || null}
            hint="The code works for 10 minutes; once confirmed, your payout details stay open for 15 minutes."
            onValue={(v) => { setCode(v); setLocal(''); }}
          />
          {error && <p className="form-error" role="alert">{error}</p>}
          <div className="form__row">
            <button type="submit" className="button button--primary" disabled={busy}>{busy ? 'Checking…' : 'Confirm code'}</button>
            <button type="button" className="button button--ghost" onClick={send} disabled={busy}>Send a new code</button>
          </div>
        </form>
      )}
    </div>
  );
}
