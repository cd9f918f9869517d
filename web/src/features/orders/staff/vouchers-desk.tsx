/**
 * Staff: the vouchers issued so far and the form to issue one (product rules: a code of 3 to 10 characters worth a
 * fixed amount or a percentage, an optional expiry and limit of uses, once per user or not). A voucher worth more
 * than an order's total puts the rest in the buyer's wallet: said beside the value so staff know.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/http';
import { Checkbox, Field } from '../../../components/field';
import { Empty, ErrorNote, Spinner } from '../../../components/feedback';
import { useAsync } from '../../../components/hooks';
import { Pager } from '../../../components/pager';
import { formatShortDate } from '../../../lib/dates';
import { serverNow } from '../../../state/clock';
import { pushToast } from '../../../state/toasts';
import { useErrorDialog } from '../../../components/error-dialog';
import { fetchVouchers, issueVoucher, type VoucherKind } from './api';
import { checkVoucher, voucherValueLabel, type VoucherDraft, type VoucherErrors } from './rules';
import './staff-orders.css';

const EMPTY: VoucherDraft = { code: '', kind: 'fixed', value: '', expires: '', maxUses: '', oncePerUser: true };

function IssueForm({ onIssued, onError }: { onIssued: () => void; onError: (e: unknown) => void }) {
  const [draft, setDraft] = useState<VoucherDraft>(EMPTY);
  const [errors, setErrors] = useState<VoucherErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof VoucherDraft>(k: K, v: VoucherDraft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = checkVoucher(draft, serverNow());
    if (!check.ok) return setErrors(check.errors);
    setBusy(true);
    try {
      const v = await issueVoucher(check.body);
      pushToast({ kind: 'success', title: 'Voucher issued', text: `${v.code || check.body.code} · ${voucherValueLabel(check.body.kind, check.body.value)} off` });
      setDraft(EMPTY);
      onIssued();
    } catch (err) {
      // The server's field messages under their fields; anything else in the dialog.
      const fields = err instanceof ApiError ? err.fields : {};
      const mine: VoucherErrors = {};
      for (const k of ['code', 'value', 'expires_at', 'max_uses'] as const) if (fields[k]) mine[k] = fields[k];
      if (Object.keys(mine).length) setErrors(mine);
      else onError(err);
    } finally {
      setBusy(false);
    }
  };

  const fixed = draft.kind === 'fixed';
  return (
    <form className="staff-card voucher-form" aria-label="Issue a voucher" onSubmit={submit} noValidate>
      <h2>Issue a voucher</h2>
      <Field label="Code" value={draft.code} maxLength={10} autoComplete="off" error={errors.code} hint="3 to 10 letters or digits; buyers type it at checkout." onValue={(v) => set('code', v.toUpperCase())} className="voucher-form__code" />
      <fieldset className="voucher-form__kind">
        <legend>Worth</legend>
        {(['fixed', 'percent'] as VoucherKind[]).map((k) => (
          <label key={k}>
            <input type="radio" name="voucher-kind" value={k} checked={draft.kind === k} onChange={() => set('kind', k)} /> {k === 'fixed' ? 'A fixed amount (£)' : 'A percentage (%)'}
          </label>
        ))}
      </fieldset>
      <Field
        label={fixed ? 'Amount (£)' : 'Percentage (%)'} value={draft.value} inputMode="decimal" autoComplete="off" error={errors.value}
        hint={fixed ? 'Any part above an order\'s total goes to the buyer\'s wallet.' : 'Of the order\'s total, 1 to 100.'}
        onValue={(v) => set('value', v)}
      />
      <div className="voucher-form__row">
        <Field label="Expires on (optional)" type="date" value={draft.expires} error={errors.expires_at} onValue={(v) => set('expires', v)} />
        <Field label="Maximum uses (optional)" inputMode="numeric" value={draft.maxUses} error={errors.max_uses} placeholder="No limit" onValue={(v) => set('maxUses', v)} />
      </div>
      <Checkbox label="Once per user" checked={draft.oncePerUser} onChecked={(v) => set('oncePerUser', v)} />
      <button type="submit" className="button button--primary" disabled={busy}>{busy ? 'Issuing…' : 'Issue voucher'}</button>
    </form>
  );
}

export function VouchersDesk() {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const list = useAsync((signal) => fetchVouchers(page, signal), [page, version]);
  const errors = useErrorDialog();
  const now = serverNow();
  const rows = list.data?.results ?? [];
  return (
    <div className="container section staff-vouchers">
      <IssueForm onIssued={() => { setPage(1); setVersion((v) => v + 1); }} onError={errors.show} />
      <section className="staff-vouchers__list" aria-labelledby="vouchers-title">
        <h2 id="vouchers-title">Vouchers</h2>
        {list.error && !list.data ? <ErrorNote error={list.error} onRetry={list.reload} /> : !list.data ? <Spinner label="Loading vouchers" /> : rows.length === 0 ? (
          <Empty title="No vouchers yet" />
        ) : (
          <table className="table staff-table" aria-busy={list.loading}>
            <caption className="visually-hidden">Vouchers</caption>
            <thead>
              <tr><th scope="col">Code</th><th scope="col">Worth</th><th scope="col">Expires</th><th scope="col">Uses</th><th scope="col">Once per user</th></tr>
            </thead>
            <tbody>
              {rows.map((v) => {
                const expired = !!v.expires_at && Date.parse(v.expires_at) <= now;
                return (
                  <tr key={v.code}>
                    <th scope="row" data-label="Code" className="voucher-code">{v.code}</th>
                    <td data-label="Worth">{voucherValueLabel(v.kind, v.value)}</td>
                    <td data-label="Expires">{v.expires_at ? <>{formatShortDate(v.expires_at)}{expired && <span className="fee-status fee-status--unpaid voucher-expired">Expired</span>}</> : 'Never'}</td>
                    <td data-label="Uses">{v.uses ?? 0}{v.max_uses !== null ? ` of ${v.max_uses}` : ''}</td>
                    <td data-label="Once per user">{v.once_per_user ? 'Yes' : 'No'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {list.data && <Pager page={page} totalPages={list.data.total_pages} onPage={setPage} />}
      </section>
      {errors.dialog}
    </div>
  );
}
