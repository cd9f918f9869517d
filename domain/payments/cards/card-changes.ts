/**
 * Saving, choosing the default and removing a card. The first card saved is the default; a card whose fingerprint
 * is already saved is refused; removing the default makes the newest other card the default.
 */
import { NotFound, RuleBroken } from '../../shared/errors';
import type { RemoveCard, SaveCard, SetDefaultCard } from './commands';
import type { CardRemoved, CardSaved, DefaultCardChanged } from './events';
import { findCard, hasFingerprint, type CardsState } from './state';

export const CARDS_MSG = {
  duplicate: 'This card is already saved.',
  notFound: 'Card not found.',
} as const;

const at = (now: string) => new Date(now).toISOString();

function mustFind(state: CardsState, cardId: string) {
  const card = findCard(state, cardId);
  if (!card) throw new NotFound(CARDS_MSG.notFound);
  return card;
}

export function saveCard(command: SaveCard, state: CardsState): CardSaved[] {
  if (findCard(state, command.card.card_id)) return [];
  if (hasFingerprint(state, command.card.fingerprint)) throw new RuleBroken(CARDS_MSG.duplicate);
  return [{
    type: 'CardSaved',
    data: { ...command.card, user_id: command.user_id, default: state.cards.length === 0, payment_id: command.payment_id, at: at(command.now) },
  }];
}

export function setDefaultCard(command: SetDefaultCard, state: CardsState): DefaultCardChanged[] {
  const card = mustFind(state, command.card_id);
  if (card.default) return [];
  return [{ type: 'DefaultCardChanged', data: { user_id: state.userId, card_id: card.card_id, at: at(command.now) } }];
}

export function removeCard(command: RemoveCard, state: CardsState): CardRemoved[] {
  const card = mustFind(state, command.card_id);
  const others = state.cards.filter((c) => c.card_id !== card.card_id);
  // Cards are kept oldest first, so the last of the others is the newest.
  const newDefault = card.default && others.length > 0 ? others[others.length - 1].card_id : null;
  return [{ type: 'CardRemoved', data: { user_id: state.userId, card_id: card.card_id, new_default: newDefault, at: at(command.now) } }];
}
