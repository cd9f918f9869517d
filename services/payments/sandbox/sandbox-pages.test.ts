import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REFUSALS, refusalOf, scenarioOf } from './test-cards';
import { challengePage, paymentHtml } from './challenge-page';
import { clientReturnUrl } from '../return-route';
import type { PaymentCreated } from '../../../domain/payments/events';

test('Stripe test numbers and their outcomes', () => {
  assert.is(scenarioOf('4242424242424242'), 'succeed');
  assert.is(scenarioOf('4000000000003220'), 'challenge');
  assert.equal(refusalOf(scenarioOf('4000000000000002')), { code: 'card_declined', message: 'Your card was declined.' });
  assert.equal(refusalOf(scenarioOf('4000000000009995')), { code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  assert.equal(refusalOf(scenarioOf('4000000000000069')), { code: 'expired_card', message: 'Your card has expired.' });
  assert.equal(refusalOf(scenarioOf('4000000000000127')), { code: 'incorrect_cvc', message: "Your card's security code is incorrect." });
  assert.is(refusalOf(scenarioOf('5555555555554444')), null);
  assert.is(REFUSALS.declined.message, 'Your card was declined.');
});

test('the payment HTML is a GET form to the challenge page carrying the token, root-relative', () => {
  const html = paymentHtml('pi_0123456789abcdef01234567', 'tok"en<');
  assert.match(html, /^<form id="payment-3ds-form" method="get" action="\/payments\/sandbox\/3ds\/pi_0123456789abcdef01234567">/);
  assert.match(html, /<input type="hidden" name="t" value="tok&#34;en&#60;">/);
});

test('the challenge page escapes what it shows and posts the token to complete and fail', () => {
  const page = challengePage({ intentId: 'pi_1', token: 'T', amountPence: 500, kind: 'payment', description: '<b>Fee</b>', last4: '3220', brand: 'visa' });
  assert.match(page, /£5\.00/);
  assert.match(page, /&#60;b&#62;Fee&#60;\/b&#62;/);
  assert.not.match(page, /<script/);
  assert.match(page, /action="\/payments\/sandbox\/3ds\/pi_1\/complete"><input type="hidden" name="t" value="T">/);
  assert.match(page, /action="\/payments\/sandbox\/3ds\/pi_1\/fail">/);
});

test('the client return address carries the result, and lot and bid for the fee', () => {
  const base = { payment_id: 'p-1', return_path: '/lots/x', return_query: { lot: 'l-1', bid: '25.50' } } as PaymentCreated['data'];
  assert.is(clientReturnUrl({ ...base, purpose: 'registration_fee' }, true), '/lots/x?registration_fee=true&lot=l-1&bid=25.50&payment=p-1');
  assert.is(clientReturnUrl({ ...base, purpose: 'registration_fee', return_query: {} }, false), '/lots/x?registration_fee=false&payment=p-1');
  assert.is(clientReturnUrl({ ...base, purpose: 'save_card', return_query: {} }, true), '/lots/x?user_payment_cards=true&payment=p-1');
});

test.run();
