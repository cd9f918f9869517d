/** The saved-cards decider: dispatch only. */
import { assertNever, type Decider } from '../../shared/decider';
import type { CardsCommand } from './commands';
import type { CardsEvent } from './events';
import { evolveCards, initialCardsState, type CardsState } from './state';
import { removeCard, saveCard, setDefaultCard } from './card-changes';

function decideCards(command: CardsCommand, state: CardsState): CardsEvent[] {
  switch (command.type) {
    case 'SaveCard':
      return saveCard(command, state);
    case 'SetDefaultCard':
      return setDefaultCard(command, state);
    case 'RemoveCard':
      return removeCard(command, state);
    default:
      return assertNever(command);
  }
}

export const cardsDecider: Decider<CardsState, CardsCommand, CardsEvent> = {
  initialState: initialCardsState,
  evolve: evolveCards,
  decide: decideCards,
};
