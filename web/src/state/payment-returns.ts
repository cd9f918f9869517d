/**
 * The card-payment result modals (spec 1 section 2: registration_fee, user_payment_cards, create_order, with lot and
 * bid). The address's true/false is only what the bank's page was told; each modal first asks the server (the
 * payment named by `payment`, or, for the fee, the user's fee status) and says what it answers: paid, failed,
 * still pending, or nothing at all.
 */
import { get } from '../api/http';
import { paymentResult, type PaymentResult } from '../api/payment-status';
import { fetchLot } from '../api/lots';
import { unwrap } from '../lib/normalize';
import { cardsReturned } from '../features/payments/cards-store';
import { putLot } from './lots';
import { openModal, queueModal } from './modals';
import { orderPaymentConfirmed } from './payment-results';
import { session } from './session';

export const CARD_ERROR = 'Error! Error has occurred while processing Payment Card.';
export const CARD_ADDED = 'Payment card is added successfully';
const ORDER_PAID_MESSAGE = 'Order payment has been processed successfully';
const PAYMENT_PENDING = 'Your bank has not confirmed this payment yet. We will let you know as soon as it does.';

/**
 * The registration fee is paid (the server said so): AuthSuccess, then, for the bid that was waiting, ConfirmBid
 * and after it BidSummary (spec 1 section 4). The lot is read first so ConfirmBid can show it.
 */
export async function showFeePaid(lotId: string | null, bid: string | null): Promise<void> {
  if (session.user) session.user.registration_fee_status = true;
  // Replaces the MemberFee modal that was waiting for the card check.
  openModal('authSuccess', { title: 'Registration complete', message: 'Thank you, your registration fee has been paid. You can now bid.' });
  if (!lotId || !bid) return;
  try {
    const lot = putLot(await fetchLot(lotId));
    queueModal('confirmBid', { lotId: lot.id, bid, summary: true });
  } catch (e) {
    console.warn('Could not reopen the bid after the registration fee', e);
  }
}

const pending = () => openModal('authSuccess', { title: 'Payment pending', message: PAYMENT_PENDING });

async function feePaidOnServer(): Promise<boolean> {
  try {
    return unwrap<{ registration_fee_status?: boolean }>(await get('/api/registration_fee/')).registration_fee_status === true;
  } catch {
    return false;
  }
}

async function feeReturn(result: PaymentResult, lot: string | null, bid: string | null): Promise<void> {
  if (result.status === 'succeeded' || (result.status === 'unknown' && (await feePaidOnServer()))) return showFeePaid(lot, bid);
  // The card check failed: the card form again, with the error (spec 1 sections 4 and 8).
  if (result.status === 'failed') openModal('memberFee', { error: CARD_ERROR, lotId: lot, bid });
  else if (result.status === 'pending') pending();
}

function cardsReturn(result: PaymentResult): void {
  if (result.status === 'succeeded') {
    cardsReturned(true);
    openModal('authSuccess', { title: 'Success!', message: CARD_ADDED });
  } else if (result.status === 'failed') {
    cardsReturned(false);
    openModal('authSuccess', { title: 'Error', message: CARD_ERROR, tone: 'error' });
  } else if (result.status === 'pending') pending();
}

function orderReturn(result: PaymentResult): void {
  if (result.status === 'succeeded') {
    orderPaymentConfirmed(result.orderId);
    openModal('authSuccess', { title: 'Success!', message: ORDER_PAID_MESSAGE });
  } else if (result.status === 'failed') openModal('authSuccess', { title: 'Error', message: CARD_ERROR, tone: 'error' });
  else if (result.status === 'pending') pending();
}

/** Handles the card-payment keys of a shell query (already removed from the address). */
export async function handlePaymentReturn(q: URLSearchParams): Promise<void> {
  const fee = q.get('registration_fee');
  const cards = q.get('user_payment_cards');
  const order = q.get('create_order');
  if (fee === null && cards === null && order === null) return;
  // A visitor has no payment the server would tell about: nothing to show.
  if (session.status !== 'signed-in') return;
  const id = q.get('payment');
  if (fee !== null) await feeReturn(await paymentResult(id, 'registration_fee'), q.get('lot'), q.get('bid'));
  if (cards !== null) cardsReturn(await paymentResult(id, 'save_card'));
  if (order !== null) orderReturn(await paymentResult(id, 'order'));
}
