/**
 * The Order Summary beside the sections: the voucher and wallet controls, the price breakdown (every line that is
 * not zero), Place Order with why it is disabled, the price or order error under it, and the terms and privacy
 * disclaimer whose links open the pages in a frame.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import { formatPence } from '../../lib/money';
import { queueModal } from '../../state/modals';
import { CardCheckNotice } from '../../components/card-check-notice';
import { checkout } from './checkout-store';
import { FrameModal } from './dialogs';
import { BLOCK_TEXT, paymentMethodOf, type BlockReason } from './rules';
import { pence, PRICE_ERROR, priceLines, voucherRemainder, voucherWarningText } from './summary-rules';
import type { CostSummary } from './types';
import type { Phase } from './use-place-order';
import { VoucherControl } from './voucher-control';
import { WalletControl } from './wallet-control';
import './order-summary.css';

interface Props {
  block: BlockReason | null;
  phase: Phase;
  error: string;
  onPlace: () => void;
  onCancelCheck: () => void;
  onShowPopup: () => void;
  /** The card check's window was closed early: it can be opened again. */
  canReopen?: boolean;
  onReopen?: () => void;
}

function Breakdown({ summary, loading }: { summary: CostSummary; loading: boolean }) {
  const method = paymentMethodOf(checkout.draft.payment);
  const lines = priceLines(summary, method);
  return (
    <div className={`checkout-breakdown${loading ? ' is-updating' : ''}`} aria-busy={loading}>
      <dl className="checkout-breakdown__lines">
        {lines.map((l) => (
          <div key={l.key} className={`checkout-breakdown__row${l.amount < 0 ? ' is-credit' : ''}`}>
            <dt>{l.label}</dt>
            <dd>{l.amount < 0 ? `−${formatPence(-l.amount)}` : formatPence(l.amount)}</dd>
          </div>
        ))}
      </dl>
      <div className="checkout-breakdown__total">
        <span>Total to pay</span>
        <strong data-testid="total-to-pay">{formatPence(pence(summary, 'credit_debit_card'))}</strong>
      </div>
    </div>
  );
}

export function OrderSummary({ block, phase, error, onPlace, onCancelCheck, onShowPopup, canReopen, onReopen }: Props) {
  const snap = useSnapshot(checkout);
  const { draft, costs } = snap;
  const summary = costs.summary as CostSummary | null;
  const [frame, setFrame] = useState<{ title: string; src: string } | null>(null);
  const settle = draft.service === 'wallet_settle';
  const walletUsable = !settle && (snap.walletBalance ?? 0) > 0;
  const busy = phase !== 'idle';

  // A voucher worth more than the order: say once that the rest goes to the wallet (spec 1 section 5).
  const remainder = voucherRemainder(summary);
  useEffect(() => {
    const code = checkout.draft.discount_code;
    if (!code || remainder <= 0 || checkout.warnedVouchers.includes(code)) return;
    checkout.warnedVouchers.push(code);
    queueModal('authSuccess', { title: 'Warning!', message: voucherWarningText(remainder) });
  }, [remainder]);

  const openFrame = (title: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // a new tab was asked for
    e.preventDefault();
    setFrame({ title, src: e.currentTarget.getAttribute('href')! });
  };

  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">Order Summary</h2>
      <div className="checkout-summary__controls">
        <VoucherControl disabled={busy} />
        {walletUsable && <WalletControl disabled={busy} />}
      </div>
      {summary ? (
        <Breakdown summary={summary} loading={costs.loading} />
      ) : costs.loading ? (
        <p className="checkout-summary__pending" role="status">Calculating your total…</p>
      ) : !costs.error ? (
        <p className="checkout-summary__pending">{block ? `${BLOCK_TEXT[block]} ` : ''}Your total appears here once your address and payment method are set.</p>
      ) : null}
      {phase === 'challenge' ? (
        <CardCheckNotice subject="payment" onShow={onShowPopup} onCancel={onCancelCheck} />
      ) : (
        <button type="button" className="button button--gold button--block checkout-summary__place" onClick={onPlace} disabled={!!block || busy}>
          {phase === 'placing' ? 'Placing your order…' : 'Place Order'}
        </button>
      )}
      {costs.error && <p className="form-error" role="alert">{PRICE_ERROR}</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
      {canReopen && phase === 'idle' && (
        <button type="button" className="button button--primary button--block" onClick={onReopen}>Open the card check again</button>
      )}
      {block && block !== 'price-error' && !costs.error && summary && <p className="checkout-summary__why">{BLOCK_TEXT[block]}</p>}
      <p className="checkout-summary__legal">
        By placing your order you agree to our{' '}
        <a href="/terms-and-conditions" onClick={openFrame('Terms and Conditions')}>Terms and Conditions</a> and{' '}
        <a href="/privacy-policy" onClick={openFrame('Privacy Policy')}>Privacy Policy</a>.
      </p>
      {frame && <FrameModal title={frame.title} src={frame.src} onClose={() => setFrame(null)} />}
    </section>
  );
}
