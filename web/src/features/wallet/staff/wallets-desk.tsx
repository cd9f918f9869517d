/**
 * Staff: find a user's wallet, see its balances and recent transactions, set the overdraft, or credit/debit it. Every
 * change needs a reason (it is kept on the wallet's ledger with the staff member's id).
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/http';
import { Empty, ErrorNote, Spinner } from '../../../components/feedback';
import { Field } from '../../../components/field';
import { useAsync } from '../../../components/hooks';
import { Pager } from '../../../components/pager';
import { formatGBP, penceToDecimal, toPence } from '../../../lib/money';
import { pushToast } from '../../../state/toasts';
import { useErrorDialog } from '../../../components/error-dialog';
import { TransactionRows } from '../../../components/wallet-transactions';
import { Balances } from '../../../components/wallet-balances';
import { adjustWallet, fetchStaffWallet, fetchStaffWallets, setOverdraft, type StaffWalletRow } from './api';
import { useDebounced } from '../../../components/use-debounced';
import '../../../components/choice.css';
import '../../../components/staff-desk.css';
import { personName } from '../../../lib/normalize';
import { AMOUNT_TOO_HIGH, MAX_AMOUNT } from '../../../../../domain/catalogue/lot/increments';

const REQUIRED = 'This field is required';

/** Amount checks shared by both forms: `zeroOk` for the overdraft (0 removes it). */
function checkAmount(v: string, zeroOk: boolean): string | null {
  if (!v.trim()) return REQUIRED;
  const p = toPence(v);
  if (p === null || p < 0) return 'Enter an amount in pounds, e.g. 25 or 25.50';
  if (p === 0 && !zeroOk) return 'Amount must be greater than 0';
  // The server's bound (services/wallet/schemas.ts): a mistyped amount with extra zeros.
  if (p > MAX_AMOUNT) return AMOUNT_TOO_HIGH;
  return null;
}

type Errors = Record<string, string | undefined>;

function MoneyForm({ kind, userId, current, onDone, onError }: {
  kind: 'overdraft' | 'adjustment'; userId: string; current?: string; onDone: () => void; onError: (e: unknown) => void;
}) {
  const [amount, setAmount] = useState(kind === 'overdraft' ? (current ? String(toPence(current)! / 100) : '') : '');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const amountKey = kind === 'overdraft' ? 'limit' : 'amount';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = { [amountKey]: checkAmount(amount, kind === 'overdraft') ?? undefined, reason: reason.trim() ? undefined : REQUIRED };
    setErrors(found);
    if (found[amountKey] || found.reason) return;
    const money = penceToDecimal(toPence(amount)!);
    setBusy(true);
    try {
      if (kind === 'overdraft') await setOverdraft(userId, money, reason.trim());
      else await adjustWallet(userId, direction, money, reason.trim());
      pushToast({ kind: 'success', title: kind === 'overdraft' ? 'Overdraft changed' : direction === 'credit' ? 'Wallet credited' : 'Wallet debited', text: formatGBP(money) });
      setReason('');
      if (kind === 'adjustment') setAmount('');
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      if (fields[amountKey] || fields.reason) setErrors({ [amountKey]: fields[amountKey], reason: fields.reason });
      else onError(err);
    } finally {
      setBusy(false);
    }
  };

  const title = kind === 'overdraft' ? 'Overdraft' : 'Credit or debit';
  return (
    <form className="form wallet-card" onSubmit={submit} noValidate aria-label={title}>
      <h3>{title}</h3>
      {kind === 'adjustment' && (
        <fieldset className="choice">
          <legend>Direction</legend>
          {(['credit', 'debit'] as const).map((d) => (
            <label key={d} className="choice__option">
              <input type="radio" name={`direction-${userId}`} value={d} checked={direction === d} onChange={() => setDirection(d)} />
              {d === 'credit' ? 'Credit (money in)' : 'Debit (money out)'}
            </label>
          ))}
        </fieldset>
      )}
      <Field
        label={kind === 'overdraft' ? 'Overdraft limit (£)' : 'Amount (£)'} inputMode="decimal" autoComplete="off" value={amount}
        error={errors[amountKey]} hint={kind === 'overdraft' ? '0 removes the overdraft.' : undefined}
        onValue={(v) => { setAmount(v); setErrors((x) => ({ ...x, [amountKey]: undefined })); }}
      />
      <Field label="Reason" maxLength={500} value={reason} error={errors.reason} onValue={(v) => { setReason(v); setErrors((x) => ({ ...x, reason: undefined })); }} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Saving…' : kind === 'overdraft' ? 'Set overdraft' : direction === 'credit' ? 'Credit wallet' : 'Debit wallet'}
      </button>
    </form>
  );
}

function WalletDetail({ row, onChanged, onClose }: { row: StaffWalletRow; onChanged: () => void; onClose: () => void }) {
  const detail = useAsync((signal) => fetchStaffWallet(row.user_id, signal), [row.user_id]);
  const errors = useErrorDialog();
  const changed = () => {
    detail.reload();
    onChanged();
  };
  const name = personName(row);
  return (
    <section className="staff-wallet" aria-labelledby="staff-wallet-title">
      <div className="staff-wallet__head">
        <h2 id="staff-wallet-title">Wallet of {name}</h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>Back to the list</button>
      </div>
      <p className="muted">{row.email}</p>
      {detail.error ? <ErrorNote error={detail.error} onRetry={detail.reload} /> : <Balances wallet={detail.data?.wallet} />}
      <div className="staff-wallet__forms">
        <MoneyForm kind="adjustment" userId={row.user_id} onDone={changed} onError={errors.show} />
        <MoneyForm key={detail.data?.overdraft_limit} kind="overdraft" userId={row.user_id} current={detail.data?.overdraft_limit} onDone={changed} onError={errors.show} />
      </div>
      <h3>Recent transactions</h3>
      {!detail.data ? <Spinner label="Loading transactions" /> : detail.data.transactions.length === 0 ? <Empty title="No transactions yet" /> : (
        <div className="wallet-card"><TransactionRows rows={detail.data.transactions} /></div>
      )}
      {errors.dialog}
    </section>
  );
}

export function WalletsDesk() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search);
  const list = useAsync((signal) => fetchStaffWallets(query, page, signal), [query, page]);
  const [open, setOpen] = useState<StaffWalletRow | null>(null);

  if (open) {
    return <div className="container section"><WalletDetail row={open} onChanged={list.reload} onClose={() => setOpen(null)} /></div>;
  }
  const rows = list.data?.results ?? [];
  return (
    <div className="container section staff-desk">
      <div className="staff-desk__filters" role="search">
        <div className="field">
          <label htmlFor="wallet-search">Search wallets</label>
          <input id="wallet-search" type="search" placeholder="Name or email" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        </div>
      </div>
      <p className="staff-desk__count" aria-live="polite">
        {list.data ? `${list.data.count} ${list.data.count === 1 ? 'wallet' : 'wallets'}` : 'Loading wallets…'}
      </p>
      {list.error ? <ErrorNote error={list.error} onRetry={list.reload} /> : !list.data ? <Spinner label="Loading wallets" /> : rows.length === 0 ? (
        <Empty title="No wallets match this search" />
      ) : (
        <table className="table staff-table" aria-busy={list.loading}>
          <caption className="visually-hidden">Wallets</caption>
          <thead>
            <tr><th scope="col">User</th><th scope="col">Available</th><th scope="col">Incl. pending</th><th scope="col">Overdraft</th><th scope="col"><span className="visually-hidden">Action</span></th></tr>
          </thead>
          <tbody>
            {rows.map((w) => (
              <tr key={w.user_id}>
                <th scope="row" data-label="User">{personName(w)}<span className="staff-table__sub">{w.email}</span></th>
                <td data-label="Available" className="staff-table__money">{formatGBP(w.balance)}</td>
                <td data-label="Incl. pending" className="staff-table__money">{formatGBP(w.balance_incl_pending)}</td>
                <td data-label="Overdraft" className="staff-table__money">{formatGBP(w.overdraft_remaining)} of {formatGBP(w.overdraft_limit)}</td>
                <td className="staff-table__action">
                  <button type="button" className="button button--ghost button--small" aria-label={`Open the wallet of ${w.email}`} onClick={() => setOpen(w)}>Open wallet</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <Pager page={page} totalPages={list.data.total_pages} onPage={setPage} />}
    </div>
  );
}
