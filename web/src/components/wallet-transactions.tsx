/** The wallet's transactions by type (all, credits, debits, withdrawals, pending), paged, with a receipt per entry. */
import { useState } from 'react';
import { Empty, ErrorNote, Spinner } from './feedback';
import { useAsync } from './hooks';
import { Pager } from './pager';
import { Tabs } from './tabs';
import { formatShortDate } from '../lib/dates';
import { formatGBP, toPence } from '../lib/money';
import { downloadReceipt, fetchTransactions, type TransactionRow, type TransactionType } from '../api/wallet';
import { signedAmount, statusLabel } from '../lib/wallet-rules';

const TABS: { key: TransactionType; label: string; empty: string }[] = [
  { key: 'all', label: 'All', empty: 'No transactions yet' },
  { key: 'credits', label: 'Credits', empty: 'No money in yet' },
  { key: 'debits', label: 'Debits', empty: 'No money out yet' },
  { key: 'withdrawals', label: 'Withdrawals', empty: 'No withdrawals yet' },
  { key: 'pending', label: 'Pending', empty: 'Nothing pending' },
];

export function TransactionRows({ rows, onReceipt }: { rows: readonly TransactionRow[]; onReceipt?: (t: TransactionRow) => void }) {
  return (
    <table className="table wallet-table">
      <caption className="visually-hidden">Transactions</caption>
      <thead>
        <tr>
          <th scope="col">Date</th><th scope="col">Description</th><th scope="col">Status</th>
          <th scope="col" className="num">Amount</th><th scope="col" className="num">Balance</th>
          {onReceipt && <th scope="col"><span className="visually-hidden">Receipt</span></th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => {
          const out = (toPence(t.amount) ?? 0) < 0;
          return (
            <tr key={t.id}>
              <td data-label="Date" className="wallet-table__date">{formatShortDate(t.date)}</td>
              <th scope="row" data-label="Description" className="wallet-table__desc">
                {t.description}
                {t.reference && <span className="wallet-table__ref">Ref. {t.reference}</span>}
                {t.reason && <span className="wallet-table__ref">Reason: {t.reason}</span>}
              </th>
              <td data-label="Status"><span className={`tx-status tx-status--${t.status}`}>{statusLabel(t.status)}</span></td>
              <td data-label="Amount" className={`num wallet-table__amount${out ? ' is-out' : ' is-in'}`}>{signedAmount(t.amount)}</td>
              <td data-label="Balance" className="num">{formatGBP(t.balance)}</td>
              {onReceipt && (
                <td className="wallet-table__action">
                  <button type="button" className="button button--ghost button--small" aria-label={`Receipt for ${t.description}, ${formatShortDate(t.date)}`} onClick={() => onReceipt(t)}>
                    Receipt
                  </button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function Transactions({ version, onError }: { version: number; onError: (e: unknown) => void }) {
  const [type, setType] = useState<TransactionType>('all');
  const [page, setPage] = useState(1);
  const list = useAsync((signal) => fetchTransactions(type, page, signal), [type, page, version]);
  const [busy, setBusy] = useState<string | null>(null);
  const tab = TABS.find((t) => t.key === type)!;

  const receipt = async (t: TransactionRow) => {
    setBusy(t.id);
    try {
      await downloadReceipt(t.id);
    } catch (e) {
      onError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="wallet-card wallet-transactions" aria-labelledby="transactions-title" aria-busy={list.loading || !!busy}>
      <h2 id="transactions-title">Transactions</h2>
      <Tabs tabs={TABS} active={type} onChange={(k) => { setType(k as TransactionType); setPage(1); }}>
        {list.error ? (
          <ErrorNote error={list.error} onRetry={list.reload} />
        ) : !list.data ? (
          <Spinner label="Loading transactions" />
        ) : list.data.results.length === 0 ? (
          <Empty title={tab.empty} />
        ) : (
          <>
            <TransactionRows rows={list.data.results} onReceipt={receipt} />
            <Pager page={page} totalPages={list.data.total_pages} onPage={setPage} />
          </>
        )}
      </Tabs>
    </section>
  );
}
