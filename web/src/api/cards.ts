/**
 * The card calls (docs/payments-api.md): the registration fee, saved cards and the card format lookup. A payment
 * answers either a result or a JSON string of payment HTML (3-D Secure), which api/payment.ts continues.
 */
import type { CardFormat, CardPatchBody, FeeBody, FeeStatus, NewCardBody, SavedCard } from './contract';
import { del, get, patch, post } from './http';
import { toList, unwrap } from '../lib/normalize';
import type { CardInput } from '../lib/card-rules';

export type { SavedCard } from './contract';

/** A new card (with "Save this card") or a saved one. */
export type FeePayment = (CardInput & { save_card?: boolean }) | { card_id: string };

/** Payment HTML (3-D Secure needed) or the result. */
type PaymentAnswer<T> = { html: string } | { result: T };

function answerOf<T>(raw: unknown): PaymentAnswer<T> {
  const d = unwrap<unknown>(raw);
  return typeof d === 'string' ? { html: d } : { result: d as T };
}

/**
 * Where the provider sends the browser back to: this page's path (the API takes a path without a query; the return
 * adds its own).
 */
/** Where the bank's check sends the browser back: this page, its own query kept (e.g. the settings section). */
const returnPath = () => `${location.pathname || '/'}${location.search}`;

const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });


export async function payRegistrationFee(
  payment: FeePayment, pending: { lot?: string | null; bid?: string | null }, key: string,
): Promise<PaymentAnswer<FeeStatus>> {
  const q = new URLSearchParams();
  if (pending.lot && pending.bid) {
    q.set('lot', pending.lot);
    q.set('bid', pending.bid);
  }
  const query = q.toString();
  const raw = await post(`/api/registration_fee/${query ? `?${query}` : ''}`, { ...payment, return_path: returnPath() } satisfies Partial<FeeBody>, idempotent(key));
  return answerOf<FeeStatus>(raw);
}

export const fetchCards = async () => toList<SavedCard>(await get('/api/user_payment_cards/', { page_size: 100 }));

export async function addCard(card: CardInput, key: string): Promise<PaymentAnswer<SavedCard>> {
  return answerOf<SavedCard>(await post('/api/user_payment_cards/', { ...card, return_path: returnPath() } satisfies Partial<NewCardBody>, idempotent(key)));
}

export const makeDefaultCard = async (id: string) => unwrap<SavedCard>(await patch(`/api/user_payment_cards/${id}/`, { default: true } satisfies CardPatchBody));

export const deleteCard = (id: string) => del(`/api/user_payment_cards/${id}/`);

export const fetchCardFormat = (prefix: string, signal?: AbortSignal) =>
  get<CardFormat>(`/api/get_credit_card_format/${prefix}/`, undefined, { signal });
