/**
 * Cancelling one's own card order still awaiting payment (its payment interrupted, or the bank's check left open), from
 * the checkout's held-orders notice and from the orders page. Asks first: the lots come back, and a bank's check
 * finished later is refunded. docs/checkout.md, "A buyer cancelling their own card order".
 */
import { openModal } from '../state/modals';
import { pushToast } from '../state/toasts';
import { cancelOwnOrder } from '../api/orders';

interface CancellableOrder { id: string; reference_no: string; status: string; payment_method: string | null; lots: readonly unknown[] }

/** Only a card order awaiting payment is the buyer's to cancel (the server says the same). */
export const buyerMayCancel = (o: CancellableOrder) => o.status === 'awaiting_payment' && o.payment_method === 'CARD';

const comeBack = (n: number) =>
  n === 0 ? '' : `${n === 1 ? 'Its lot comes' : `Its ${n} lots come`} back to your checkout, to pay for again. `;

/** `onCancelled` refreshes the page; the server's sentence is shown in a toast. */
export function askToCancelOrder(order: CancellableOrder, onCancelled: () => Promise<void> | void): void {
  openModal('confirm', {
    title: `Cancel order ${order.reference_no}?`,
    message: `${comeBack(order.lots.length)}If you still finish the bank's check for this order, the payment is refunded.`,
    confirmLabel: 'Cancel the order',
    dismissLabel: 'Keep the order',
    onConfirm: async () => {
      const answer = await cancelOwnOrder(order.id);
      pushToast({ kind: answer.status === 'cancelled' ? 'success' : 'info', title: answer.msg });
      // Done whatever the refresh does: a failed one leaves the page as it was (a reload shows the change), and must
      // not read as a failed cancel in the dialog.
      await Promise.resolve(onCancelled()).catch(() => {});
    },
  });
}
