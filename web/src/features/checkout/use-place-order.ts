/**
 * Place Order (spec 1 sections 4 and 7): POST /api/checkout/{service}/create_order/ with the draft, the callback, the
 * note and the 3-D Secure browser data, under an Idempotency-Key per attempt (a double click is one order). A card
 * payment opens the payment popup in the click itself; the answer is payment HTML (submitted into the popup, or this
 * window when popups are blocked) or the order: a card order paid says "Order payment has been processed
 * successfully", a bank or in-store order a composed description. Then /checkout-success?flow_type=checkout.
 * A failure that may pass keeps the attempt (order-attempt.ts), and so does an order placed whose card payment could
 * not be completed (202 with a sentence to show): pressing again carries the same order on.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../api/http';
import { paymentReturnSearch } from '../../api/payment';
import { paymentResult } from '../../api/payment-status';
import { orderPaymentConfirmed } from '../../state/payment-results';
import { openModal } from '../../state/modals';
import type { CardForm } from '../../components/card-form';
import { useCardCheck } from '../../components/use-card-check';
import { createOrder, newAttemptKey } from './api';
import { attemptAfter, attemptFor, type OrderAttempt } from './order-attempt';
import { checkout, finishCheckout } from './checkout-store';
import { scaData } from './page-rules';
import { cardDetails, draftBody, NOTE_MAX, paymentMethodOf, SUCCESS_CALLBACK } from './rules';
import { CARD_ERROR, cardFieldErrors, ORDER_PAID, orderDescription } from './summary-rules';
import type { OrderResult, PaymentMethod, Service } from './types';
import { fetchBankData, fetchStoreInfo } from '../../api/house';
import { flatFieldErrors } from '../../lib/error-text';

export type Phase = 'idle' | 'placing' | 'challenge';
/** Order errors the sections show on their own fields. */
const SHOWN_ON_FIELDS = /^(billing_address|shipping_address)\.|^(used_from_wallet|discount_code|note_from_customer)$/;
const CARD_KEY = /(^|\.)(card_number|expiry_date|cvv|card_holder_name)$/;
/**
 * The order is placed and waits for the card check (its lots held for it): the same check can be opened again.
 */
const POPUP_CLOSED = 'The card check window was closed before it finished. Nothing has been charged: open the check again to finish paying.';

const browserFacts = () => ({
  language: navigator.language,
  colorDepth: screen.colorDepth,
  screenWidth: screen.width,
  screenHeight: screen.height,
  tzOffsetMinutes: new Date().getTimezoneOffset(),
  javaEnabled: typeof navigator.javaEnabled === 'function' ? navigator.javaEnabled() : false,
  windowWidth: window.innerWidth,
  windowHeight: window.innerHeight,
});

type OrderExtras = { callback: string; strong_customer_authentication_data: ReturnType<typeof scaData> };
const orderExtras = (): OrderExtras => ({ callback: SUCCESS_CALLBACK, strong_customer_authentication_data: scaData(browserFacts()) });

/** Neither paid nor failed by the server's word (yet): no claim either way. */
const PAYMENT_UNCONFIRMED = 'We could not confirm this card payment yet. Please check your orders before trying again.';

export function usePlaceOrder(form: CardForm) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState('');
  const [, navigate] = useLocation();
  // The attempt under way, kept across failures that may pass (order-attempt.ts).
  const attempt = useRef<OrderAttempt<OrderExtras> | null>(null);
  const service = useRef<Service>('delivery');
  // The payment HTML of the check under way, to open it again if its window is closed too early.
  const challenge = useRef<string | null>(null);
  const [canReopen, setCanReopen] = useState(false);
  const check = useCardCheck({
    onChallenge: () => setPhase('challenge'),
    onAbandoned: () => {
      setPhase('idle');
      setError(POPUP_CLOSED);
      setCanReopen(true);
    },
  });

  const done = async (order: OrderResult | null, method: PaymentMethod | null, svc: Service) => {
    const paid = !order || order.status === 'paid' || method === 'CARD';
    let description: string | undefined;
    if (paid) openModal('authSuccess', { title: 'Success!', message: ORDER_PAID });
    else {
      const [bank, store] = await Promise.all([fetchBankData().catch(() => null), fetchStoreInfo().catch(() => null)]);
      description = orderDescription(order, method, bank, store);
      openModal('authSuccess', { title: 'Order placed', message: description });
    }
    finishCheckout({ order, method, service: svc, description });
    form.reset();
    setPhase('idle');
    navigate(SUCCESS_CALLBACK);
  };

  // The popup's return (handed over by the return page): paid, or the card check failed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one listener for the page's life (re-added every render it could miss the popup's message); the service comes through a ref
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const search = paymentReturnSearch(e);
      if (search === null) return;
      const query = new URLSearchParams(search);
      if (query.get('create_order') === null) return;
      check.stop();
      challenge.current = null;
      setCanReopen(false);
      // The flag is what the bank's page was told; the server says what happened to the payment.
      void paymentResult(query.get('payment'), 'order').then((result) => {
        if (result.status === 'succeeded') {
          orderPaymentConfirmed(result.orderId);
          void done(null, 'CARD', service.current);
          return;
        }
        setPhase('idle');
        setError(result.status === 'failed' ? CARD_ERROR : PAYMENT_UNCONFIRMED);
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  /** Opens the card check again (in the click, so the popup is allowed). */
  const reopen = () => {
    if (!challenge.current || phase !== 'idle') return;
    setError('');
    setCanReopen(false);
    check.open();
    check.run(challenge.current);
  };

  const place = async () => {
    if (phase !== 'idle') return;
    setCanReopen(false);
    challenge.current = null;
    const d = checkout.draft;
    const method = paymentMethodOf(d.payment);
    const newCard = method === 'CARD' && !d.payment.card_id;
    setError('');
    checkout.orderFields = {};
    if (d.note_from_customer.length > NOTE_MAX) return setError('Please shorten the note to 600 symbols.');
    if (newCard && !form.validate()) return;
    // Opened now, in the click: after the call the browser would block it.
    check.open(method === 'CARD');
    const svc = d.service;
    service.current = svc;
    setPhase('placing');
    const sending = attemptFor(attempt.current, draftBody(d, newCard ? cardDetails(form.card) : null), orderExtras, newAttemptKey);
    attempt.current = sending;
    try {
      const answer = await createOrder(svc, sending.body, sending.key);
      if ('order' in answer && answer.order.detail) {
        // Placed, its card payment not completed (202): the same attempt again carries that order on.
        check.close();
        setPhase('idle');
        setError(answer.order.detail);
        return;
      }
      form.settled();
      attempt.current = null;
      if ('html' in answer) {
        challenge.current = answer.html;
        check.run(answer.html);
        return;
      }
      check.close();
      await done(answer.order, method, svc);
    } catch (e) {
      check.close();
      setPhase('idle');
      const err = e as ApiError;
      // The order may have gone through: the attempt stays for the next press. A 502 is not shown (spec 1 section 8).
      attempt.current = attemptAfter(sending, e);
      if (err?.status === 502) return;
      const fields = flatFieldErrors(err?.data);
      checkout.orderFields = fields;
      const onCard = cardFieldErrors(fields);
      // The card form takes its own messages (and forgets the attempt's key once the server has answered).
      if (newCard) form.failed(new ApiError(err?.message ?? '', err?.status, err?.data, onCard));
      const data = (err?.data ?? {}) as { detail?: unknown };
      const shownOnFields = Object.keys(fields).filter((k) => SHOWN_ON_FIELDS.test(k) || (newCard && CARD_KEY.test(k)));
      if (typeof data.detail === 'string') setError(data.detail);
      else if (shownOnFields.length && shownOnFields.length === Object.keys(fields).length) setError(shownOnFields.every((k) => CARD_KEY.test(k)) ? '' : 'Please check the highlighted details.');
      else setError(err?.message || 'Server error');
    }
  };

  const cancelCheck = () => {
    check.cancel();
    setPhase('idle');
    setError(POPUP_CLOSED);
    setCanReopen(true);
  };

  return { phase, error, place, cancelCheck, canReopen, reopen, showPopup: check.show };
}
