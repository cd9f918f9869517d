/**
 * The "Seller payment" settings section: payout methods, shown and changed only after the emailed access code
 * (GET /api/users/{id}/payment_method/ answers 403 without it, and again once the 15 minutes are over).
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../api/http';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { useAsync, useNow } from '../../components/hooks';
import { formatShortDate } from '../../lib/dates';
import { session } from '../../state/session';
import { useErrorDialog } from '../../components/error-dialog';
import { AccessGate } from '../../components/payout-access-gate';
import { grantAccess, hasAccess, payoutAccess, revokeAccess } from '../../state/payout-access';
import { checkAccess, fetchPayoutMethods, updatePayoutMethod, type PayoutMethod } from '../../api/payout';
import { TYPE_LABEL } from '../../lib/payout-validation';
import { PayoutForm } from './payout-form';
import './payout.css';
import '../../components/choice.css';

function Details({ m }: { m: PayoutMethod }) {
  const rows: [string, string | null][] = m.type === 'UK_BANK'
    ? [['Account holder', m.account_owner_uk], ['Sort code', m.sort_code_uk], ['Account number', m.account_number_uk]]
    : [['Account holder', m.account_owner_int], ['IBAN', m.iban_int], ['BIC / SWIFT', m.bic_swift_int], ['Bank address', m.bank_address_int]];
  return (
    <dl className="payout-card__details">
      {rows.map(([k, v]) => (
        <div key={k}><dt>{k}</dt><dd>{v || '—'}</dd></div>
      ))}
    </dl>
  );
}

function PayoutList({ userId, onError }: { userId: string; onError: (e: unknown) => void }) {
  const list = useAsync((signal) => fetchPayoutMethods(userId, signal), [userId]);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const expired = (reason: string) => revokeAccess(reason);

  useEffect(() => {
    if (list.error instanceof ApiError && list.error.status === 403) revokeAccess(list.error.message);
  }, [list.error]);

  if (list.error) return <ErrorNote error={list.error} onRetry={list.reload} />;
  if (!list.data) return <Spinner label="Loading your payout methods" />;
  const saved = () => {
    setEditing(null);
    list.reload();
  };
  const makeDefault = async (m: PayoutMethod) => {
    setBusy(true);
    try {
      await updatePayoutMethod(m.id, { is_default: true });
      list.reload();
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) expired(e.message);
      else onError(e);
    } finally {
      setBusy(false);
    }
  };
  const form = (m: PayoutMethod | null) => (
    <PayoutForm method={m} onSaved={saved} onCancel={() => setEditing(null)} onExpired={expired} onError={onError} />
  );
  return (
    <div className="stack">
      {list.data.length === 0 && editing !== 'new' && (
        <Empty title="No payout methods yet"><p>Add the bank account we should pay your withdrawals into.</p></Empty>
      )}
      {list.data.length > 0 && (
        <ul className="payout-list" aria-label="Your payout methods">
          {list.data.map((m) => (
            <li key={m.id} className="payout-card">
              {editing === m.id ? form(m) : (
                <>
                  <div className="payout-card__head">
                    <h3>{TYPE_LABEL[m.type] ?? m.type}</h3>
                    {m.is_default && <span className="tag">Default</span>}
                  </div>
                  <Details m={m} />
                  <div className="payout-card__foot">
                    {m.created_at && <span className="muted">Added {formatShortDate(m.created_at)}</span>}
                    <span className="payout-card__actions">
                      {!m.is_default && (
                        <button type="button" className="button button--ghost button--small" onClick={() => makeDefault(m)} disabled={busy || editing !== null}>Make default</button>
                      )}
                      <button type="button" className="button button--ghost button--small" onClick={() => setEditing(m.id)} disabled={editing !== null}
                        aria-label={`Edit ${TYPE_LABEL[m.type] ?? m.type} of ${m.account_owner_uk || m.account_owner_int || ''}`.trim()}>
                        Edit
                      </button>
                    </span>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? <div className="payout-card">{form(null)}</div> : (
        <p><button type="button" className="button button--primary" onClick={() => setEditing('new')} disabled={editing !== null}>Add a payout method</button></p>
      )}
    </div>
  );
}

export function PayoutMethodsSection() {
  const { user } = useSnapshot(session);
  const access = useSnapshot(payoutAccess);
  const userId = user ? String(user.id) : '';
  const now = useNow();
  const [checked, setChecked] = useState(false);
  const errors = useErrorDialog();

  // An access confirmed a moment ago (another tab, or before a reload) is still good: ask the server.
  useEffect(() => {
    if (!userId) return;
    const ctrl = new AbortController();
    checkAccess(ctrl.signal)
      .then((a) => { if (a.access) grantAccess(userId, a.expires_at); })
      .catch(() => { /* the code form is shown; it is how access is gained anyway */ })
      .finally(() => !ctrl.signal.aborted && setChecked(true));
    return () => ctrl.abort();
  }, [userId]);

  const open = hasAccess(access, userId, now);
  return (
    <section className="payout" aria-labelledby="payout-title">
      <h2 id="payout-title">Payout methods</h2>
      <p className="muted">
        The bank accounts we pay your withdrawals and seller proceeds into. To keep them safe, we ask for a code sent to
        your email before showing or changing them.
      </p>
      {!userId || !checked ? <Spinner label="Checking access" /> : open ? <PayoutList userId={userId} onError={errors.show} /> : <AccessGate userId={userId} onError={errors.show} />}
      {errors.dialog}
    </section>
  );
}
