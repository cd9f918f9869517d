import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import { cardsDecider } from './decide';
import type { CardDetails, CardsEvent } from './events';
import type { SaveCard } from './commands';

const NOW = '2026-11-21T12:00:00.000Z';
const LATER = '2026-11-22T12:00:00.000Z';
const card = (id: string, fingerprint: string): CardDetails => ({
  card_id: id, token: `card_${id}`, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, fingerprint, card_holder_name: 'Isla Grant',
});
const save = (id: string, fingerprint: string, now = NOW): SaveCard => ({ type: 'SaveCard', user_id: 'u-1', card: card(id, fingerprint), payment_id: `p-${id}`, now });
const saved = (id: string, fingerprint: string, isDefault: boolean, at = NOW): CardsEvent => ({
  type: 'CardSaved', data: { ...card(id, fingerprint), user_id: 'u-1', default: isDefault, payment_id: `p-${id}`, at },
});

test('the first card saved is the default; later ones are not', () => {
  given(cardsDecider, []).when(save('c1', 'fp1')).thenEvents([saved('c1', 'fp1', true)]);
  given(cardsDecider, [saved('c1', 'fp1', true)]).when(save('c2', 'fp2')).thenEvents([saved('c2', 'fp2', false)]);
});

test('the same card (fingerprint) twice is refused; the same card id again adds nothing', () => {
  given(cardsDecider, [saved('c1', 'fp1', true)]).when(save('c2', 'fp1')).thenError('rule_broken', 'This card is already saved.');
  given(cardsDecider, [saved('c1', 'fp1', true)]).when(save('c1', 'fp1')).thenNothing();
});

test('choosing the default: the others become non-default; choosing it again adds nothing', () => {
  const history = [saved('c1', 'fp1', true), saved('c2', 'fp2', false)];
  const outcome = given(cardsDecider, history).when({ type: 'SetDefaultCard', card_id: 'c2', now: NOW });
  outcome.thenEvents([{ type: 'DefaultCardChanged', data: { user_id: 'u-1', card_id: 'c2', at: NOW } }]);
  assert.equal(outcome.state().cards.map((c) => [c.card_id, c.default]), [['c1', false], ['c2', true]]);
  given(cardsDecider, history).when({ type: 'SetDefaultCard', card_id: 'c1', now: NOW }).thenNothing();
});

test('an unknown card (or another user\'s: not in this stream) is not found', () => {
  given(cardsDecider, [saved('c1', 'fp1', true)]).when({ type: 'SetDefaultCard', card_id: 'cX', now: NOW }).thenError('not_found', 'Card not found.');
  given(cardsDecider, [saved('c1', 'fp1', true)]).when({ type: 'RemoveCard', card_id: 'cX', now: NOW }).thenError('not_found');
});

test('removing the default makes the newest other card the default', () => {
  const history = [saved('c1', 'fp1', true), saved('c2', 'fp2', false, LATER), saved('c3', 'fp3', false, LATER)];
  const outcome = given(cardsDecider, history).when({ type: 'RemoveCard', card_id: 'c1', now: NOW });
  outcome.thenEvents([{ type: 'CardRemoved', data: { user_id: 'u-1', card_id: 'c1', new_default: 'c3', at: NOW } }]);
  assert.equal(outcome.state().cards.map((c) => [c.card_id, c.default]), [['c2', false], ['c3', true]]);
});

test('removing another card keeps the default; removing the last leaves none; a removed card can be saved again', () => {
  const history = [saved('c1', 'fp1', true), saved('c2', 'fp2', false)];
  given(cardsDecider, history).when({ type: 'RemoveCard', card_id: 'c2', now: NOW })
    .thenEvents([{ type: 'CardRemoved', data: { user_id: 'u-1', card_id: 'c2', new_default: null, at: NOW } }]);
  const removed: CardsEvent = { type: 'CardRemoved', data: { user_id: 'u-1', card_id: 'c1', new_default: null, at: NOW } };
  given(cardsDecider, [saved('c1', 'fp1', true)]).when({ type: 'RemoveCard', card_id: 'c1', now: NOW }).thenEvents([removed]);
  given(cardsDecider, [saved('c1', 'fp1', true), removed]).when(save('c9', 'fp1')).thenEvents([saved('c9', 'fp1', true)]);
});

test.run();
