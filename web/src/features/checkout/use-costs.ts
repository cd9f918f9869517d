/**
 * Price recalculation (spec 1 section 4): POST /api/checkout/{service}/check_costs/ once billing and a payment
 * method are set (and shipping for delivery) and an email is known, then on every change of what the price depends
 * on (rules.ts costsKey). A new card is priced 1.5 s after its four fields are complete. An answer that is no longer
 * wanted is aborted; a 502 is ignored (the last summary stays); other failures are a price error, shown under Place
 * Order without the server's text, with the field messages kept per field.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot, ref } from 'valtio';
import { ApiError } from '../../api/http';
import type { CardForm } from '../../components/card-form';
import { validateCard } from '../../lib/card-rules';
import { checkCosts, fetchWalletBalance } from './api';
import { checkout, setWalletBalance } from './checkout-store';
import { cardDetails, cardKeyPart, costsKey, costsReady, draftBody, recalcDelay } from './rules';
import type { CardDetails, Draft } from './types';
import { flatFieldErrors } from '../../lib/error-text';

const SETTLE_REFUSED = /wallet settle/i;

/** The new card's details once all four fields are filled in and pass the card rules; else null. */
function completeCard(form: CardForm, draft: Pick<Draft, 'payment'>): CardDetails | null {
  if (draft.payment.kind !== 'CARD' || draft.payment.card_id) return null;
  const c = form.card;
  if (!c.card_number || !c.expiry_date || !c.cvv || !c.card_holder_name) return null;
  return Object.keys(validateCard(c, form.format)).length ? null : cardDetails(c);
}

export function useCosts(form: CardForm): void {
  const snap = useSnapshot(checkout.draft);
  const card = completeCard(form, snap);
  const cardRef = useRef(card);
  cardRef.current = card;
  const ready = costsReady(snap as Draft);
  const key = ready ? costsKey(snap as Draft, cardKeyPart(card)) : null;
  const lastKey = useRef<string | null>(null);

  useEffect(() => {
    if (!key) {
      lastKey.current = null;
      checkout.costs.summary = null;
      checkout.costs.error = false;
      checkout.costs.loading = false;
      return;
    }
    const delay = recalcDelay(lastKey.current, key);
    lastKey.current = key;
    const ctrl = new AbortController();
    const timer = setTimeout(async () => {
      checkout.costs.loading = true;
      const d = checkout.draft;
      try {
        const summary = await checkCosts(d.service, draftBody(d, cardRef.current), ctrl.signal);
        if (ctrl.signal.aborted) return;
        checkout.costs.summary = ref(summary);
        checkout.costs.error = false;
        checkout.costs.fields = {};
      } catch (e) {
        if (ctrl.signal.aborted) return;
        // A 502 is the gateway restarting: the next change asks again; nothing is shown (spec 1 section 8).
        if (e instanceof ApiError && e.status === 502) return;
        checkout.costs.summary = null;
        checkout.costs.error = true;
        checkout.costs.fields = flatFieldErrors(e instanceof ApiError ? e.data : null);
        const detail = e instanceof ApiError ? (e.data as { detail?: unknown } | null)?.detail : null;
        // The wallet is no longer in debt: read the balance again (the page then falls back to delivery).
        if (typeof detail === 'string' && SETTLE_REFUSED.test(detail)) fetchWalletBalance().then(setWalletBalance).catch(() => {});
      } finally {
        if (!ctrl.signal.aborted) checkout.costs.loading = false;
      }
    }, delay);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [key]);
}
