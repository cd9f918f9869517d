/** The saved cards of one user, oldest first (removed cards are gone). */
import { assertNever } from '../../shared/decider';
import type { CardDetails, CardsEvent } from './events';

export interface SavedCardState extends CardDetails {
  default: boolean;
  saved_at: string;
}

export interface CardsState {
  userId: string;
  cards: SavedCardState[];
}

export const initialCardsState: CardsState = Object.freeze({ userId: '', cards: [] }) as CardsState;

export function evolveCards(state: CardsState, event: CardsEvent): CardsState {
  switch (event.type) {
    case 'CardSaved': {
      const { user_id, default: isDefault, at, payment_id: _payment, ...card } = event.data;
      const others = isDefault ? state.cards.map((c) => ({ ...c, default: false })) : state.cards;
      return { userId: user_id, cards: [...others, { ...card, default: isDefault, saved_at: at }] };
    }
    case 'DefaultCardChanged':
      return { ...state, cards: state.cards.map((c) => ({ ...c, default: c.card_id === event.data.card_id })) };
    case 'CardRemoved': {
      const { card_id, new_default } = event.data;
      const cards = state.cards.filter((c) => c.card_id !== card_id);
      return { ...state, cards: new_default ? cards.map((c) => ({ ...c, default: c.card_id === new_default })) : cards };
    }
    default:
      return assertNever(event);
  }
}

export function findCard(state: CardsState, cardId: string): SavedCardState | undefined {
  return state.cards.find((c) => c.card_id === cardId);
}

export function hasFingerprint(state: CardsState, fingerprint: string): boolean {
  return state.cards.some((c) => c.fingerprint === fingerprint);
}

/** The saved card with this number's fingerprint (one at most: a number is never saved twice), or null. */
export function savedWith(state: CardsState, fingerprint: string): string | null {
  return state.cards.find((c) => c.fingerprint === fingerprint)?.card_id ?? null;
}
