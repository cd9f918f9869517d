/**
 * A user's saved cards, on the stream `user-cards-<userId>`. A card is a provider token with what the user sees of
 * it (brand, last four, expiry) and the provider's fingerprint (same number, same fingerprint): never the number or
 * the CVC.
 */

export interface CardDetails {
  card_id: string;
  /** The payment provider's token for the card. */
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  card_holder_name: string;
}

export interface CardSaved {
  type: 'CardSaved';
  /** `payment_id`: the payment (a card check or the registration fee) that saved it. */
  data: CardDetails & { user_id: string; default: boolean; payment_id: string | null; at: string };
}

export interface DefaultCardChanged {
  type: 'DefaultCardChanged';
  data: { user_id: string; card_id: string; at: string };
}

/** `new_default`: the card that became the default because the removed one was (null when none did). */
export interface CardRemoved {
  type: 'CardRemoved';
  data: { user_id: string; card_id: string; new_default: string | null; at: string };
}

export type CardsEvent = CardSaved | DefaultCardChanged | CardRemoved;

export const CARDS_EVENT_TYPES: readonly CardsEvent['type'][] = ['CardSaved', 'DefaultCardChanged', 'CardRemoved'];

export const cardsStream = (userId: string) => `user-cards-${userId}`;
