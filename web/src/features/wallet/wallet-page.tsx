/**
 * /account/wallet: the balances (available, including pending withdrawals, overdraft left), the transactions by type
 * with receipts, and withdrawals confirmed by an emailed code.
 */
import { useState } from 'react';
import { ErrorNote } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { PageHead, RequireAuth } from '../../components/page-head';
import { fetchWallet } from '../../api/wallet';
import { Balances } from '../../components/wallet-balances';
import { useErrorDialog } from '../../components/error-dialog';
import { Transactions } from '../../components/wallet-transactions';
import { WithdrawPanel } from './withdraw-panel';
import '../../components/wallet.css';

function WalletScreen() {
  const wallet = useAsync((signal) => fetchWallet(signal), []);
  const [version, setVersion] = useState(0);
  const errors = useErrorDialog();
  const changed = () => {
    wallet.reload();
    setVersion((v) => v + 1);
  };
  return (
    <div className="container section wallet">
      {wallet.error && !wallet.data ? <ErrorNote error={wallet.error} onRetry={wallet.reload} /> : <Balances wallet={wallet.data} />}
      <div className="wallet__grid">
        <WithdrawPanel wallet={wallet.data} onChange={changed} onError={errors.show} />
        <Transactions version={version} onError={errors.show} />
      </div>
      {errors.dialog}
    </div>
  );
}

export function WalletPage() {
  return (
    <>
      <PageHead title="Wallet" eyebrow="My account">
        <p>Your balance with the house: seller proceeds, refunds and credits, what you have spent, and withdrawals to your bank.</p>
      </PageHead>
      <RequireAuth what="your wallet">
        <WalletScreen />
      </RequireAuth>
    </>
  );
}
