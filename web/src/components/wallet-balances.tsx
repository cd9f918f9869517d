/** The three balances of a wallet (spec 2 section 3): available, including pending withdrawals, overdraft left. */
import { useId } from 'react';
import { formatGBP, formatPence, toPence } from '../lib/money';
import type { Wallet } from '../api/wallet';
import './wallet.css';

function Stat({ label, value, note, main }: { label: string; value: string; note?: string; main?: boolean }) {
  const id = useId();
  return (
    <div className={`wallet-stat${main ? ' wallet-stat--main' : ''}`} role="group" aria-labelledby={id}>
      <p id={id} className="wallet-stat__label">{label}</p>
      <p className="wallet-stat__value">{value}</p>
      {note && <p className="wallet-stat__note">{note}</p>}
    </div>
  );
}

export function Balances({ wallet }: { wallet: Wallet | undefined }) {
  const held = wallet ? (toPence(wallet.balance_incl_pending) ?? 0) - (toPence(wallet.balance) ?? 0) : 0;
  const limit = toPence(wallet?.overdraft_limit) ?? 0;
  const show = (v: string | undefined) => (wallet ? formatGBP(v) : '…');
  return (
    <div className="wallet-balances" aria-busy={!wallet}>
      <Stat main label="Available balance" value={show(wallet?.balance)} note="What you can spend or withdraw now" />
      <Stat
        label="Balance incl. pending" value={show(wallet?.balance_incl_pending)}
        note={held > 0 ? `${formatPence(held)} held for withdrawals` : 'Nothing held for withdrawals'}
      />
      <Stat
        label="Overdraft remaining" value={show(wallet?.overdraft_remaining)}
        note={limit > 0 ? `Of an overdraft of ${formatPence(limit)}` : 'No overdraft arranged'}
      />
    </div>
  );
}
