/**
 * "We have refunded £… to your card" (docs/notifications.md "Card refunds"): the house gives a card payment back
 * without the buyer asking (a fee paid twice; a payment that went through for an order already cancelled), so the
 * email says how much, to which card, what for and why.
 */
import { buttonEmail, type Email } from '../../infra/mail/layout';
import { receiptMoney } from '../wallet/receipt-pdf';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

export interface RefundFacts {
  amount_pence: number;
  reason: string;
  purpose: string;
  card_brand: string;
  card_last4: string;
  /** The order the payment was for (purpose order), when known. */
  order_number: string | null;
}

function paidFor(refund: RefundFacts): string {
  if (refund.purpose === 'registration_fee') return 'your registration fee';
  if (refund.order_number) return `order ${refund.order_number}`;
  return 'your order';
}

export function refundEmail(publicUrl: string, buyer: { email: string; first_name: string }, refund: RefundFacts): Email {
  const card = `${BRANDS[refund.card_brand] ?? 'card'} ending ${refund.card_last4}`;
  const amount = receiptMoney(refund.amount_pence);
  const orders = refund.purpose === 'order';
  return buttonEmail(buyer.email, `We have refunded ${amount} to your card`, buyer.first_name, [
    `We have refunded ${amount} to your ${card}: the card payment for ${paidFor(refund)}.`,
    `Why: ${refund.reason}`,
    'Refunds usually reach your card within 5 to 10 working days. Nothing else is needed from you.',
  ], `${publicUrl}${orders ? '/account/orders' : '/account/buyers-area'}`, orders ? 'See your orders' : 'Go to your account');
}
