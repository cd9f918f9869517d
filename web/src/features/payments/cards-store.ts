/**
 * The outcome of a card added through 3-D Secure, as the return reports it (in this window or handed over by the
 * payment popup): the saved cards screen reads its list again and closes or resets its add form.
 */
import { proxy } from 'valtio';

export const cardsStore = proxy({
  /** Bumped on every return, so the screen reacts to the same outcome twice. */
  version: 0,
  lastAdded: false,
});

export function cardsReturned(added: boolean): void {
  cardsStore.lastAdded = added;
  cardsStore.version += 1;
}
