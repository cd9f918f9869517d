/** Pure rules of the seller area: the payment status line of a sold lot (docs/selling.md "Payment status"). */
import type { SellerLot } from '../../../api/contract';
import { formatLongDate } from '../../../lib/dates';

type SaleStatus = Pick<SellerLot, 'payment_status' | 'paid_to_wallet_at'>;

/** "Awaiting buyer payment" / "Paid to your wallet on <date>"; null for a lot that is not sold. */
export function paymentStatusText(lot: SaleStatus): string | null {
  if (lot.payment_status === 'paid_to_wallet') {
    const on = formatLongDate(lot.paid_to_wallet_at);
    return on ? `Paid to your wallet on ${on}` : 'Paid to your wallet';
  }
  if (lot.payment_status === 'awaiting_buyer_payment') return 'Awaiting buyer payment';
  return null;
}
