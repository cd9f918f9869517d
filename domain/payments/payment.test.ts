import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import { paymentDecider } from './decide';
import type { CreatePayment } from './commands';
import type { PaymentEvent } from './events';
import { accountDecider } from '../accounts/decide';
import type { AccountEvent } from '../accounts/events';
import { evolveAccount, initialAccountState } from '../accounts/state';

const NOW = '2026-11-21T12:00:00.000Z';
const payment: CreatePayment['payment'] = {
  payment_id: 'p-1', user_id: 'u-1', purpose: 'registration_fee', amount_pence: 500,
  card: { brand: 'visa', last4: '3220', exp_month: 12, exp_year: 2030 }, card_holder_name: 'Isla Grant', save_card: false,
  saved_card_id: null, provider: 'sandbox', provider_ref: 'pi_1', return_path: '/lots/x', return_query: { lot: 'l-1', bid: '25' },
};
const created: PaymentEvent = { type: 'PaymentCreated', data: { ...payment, at: NOW } };
const ids = { payment_id: 'p-1', user_id: 'u-1' };
const challenged: PaymentEvent = { type: 'PaymentChallengeRequired', data: { ...ids, provider_ref: 'pi_1', at: NOW } };
const succeeded: PaymentEvent = { type: 'PaymentSucceeded', data: { ...ids, provider_ref: 'pi_1', at: NOW } };
const failed: PaymentEvent = { type: 'PaymentFailed', data: { ...ids, code: 'card_declined', message: 'Your card was declined.', at: NOW } };
const succeed = { type: 'RecordPaymentSucceeded', now: NOW } as const;
const fail = { type: 'RecordPaymentFailed', code: 'card_declined', message: 'Your card was declined.', now: NOW } as const;
const owe = (amount_pence: number) => ({ type: 'DecideRefund', amount_pence, reason: 'duplicate', now: NOW } as const);
const made = { type: 'RecordRefund', refund_ref: 're_1', now: NOW } as const;

test('a payment is created once, with no card number or CVC in it', () => {
  const [event] = given(paymentDecider, []).when({ type: 'CreatePayment', payment, now: NOW }).events();
  assert.equal(event, created);
  assert.equal(Object.keys(event.type === 'PaymentCreated' ? event.data.card : {}).sort(), ['brand', 'exp_month', 'exp_year', 'last4']);
  given(paymentDecider, [created]).when({ type: 'CreatePayment', payment, now: NOW }).thenError('conflict', 'This payment already exists.');
  given(paymentDecider, []).when({ type: 'CreatePayment', payment: { ...payment, amount_pence: -1 }, now: NOW }).thenError('validation');
});

const { provider_ref: _ref, ...asked } = payment;
const requested: PaymentEvent = { type: 'PaymentRequested', data: { ...asked, at: NOW } };
const lapsed: PaymentEvent = { type: 'PaymentRequestLapsed', data: { ...ids, at: NOW } };
const request = { type: 'RequestPayment', payment: asked, now: NOW } as const;
const lapse = { type: 'RecordRequestLapsed', now: NOW } as const;

test('a payment is requested before the provider is asked: once per attempt, again only after it lapsed', () => {
  given(paymentDecider, []).when(request).thenEvents([requested]);
  given(paymentDecider, [requested]).when(request).thenNothing();
  given(paymentDecider, [requested, created]).when(request).thenNothing();
  given(paymentDecider, [requested, lapsed]).when(request).thenEvents([requested]);
  given(paymentDecider, []).when({ ...request, payment: { ...asked, amount_pence: 2.5 } }).thenError('validation');
});

test('given a request, when the provider answers, the payment is created; it lapses only while no answer is recorded', () => {
  given(paymentDecider, [requested]).when({ type: 'CreatePayment', payment, now: NOW }).thenEvents([created]);
  given(paymentDecider, [requested, lapsed]).when({ type: 'CreatePayment', payment, now: NOW }).thenEvents([created]);
  given(paymentDecider, [requested]).when(lapse).thenEvents([lapsed]);
  given(paymentDecider, [requested, lapsed]).when(lapse).thenNothing();
  given(paymentDecider, [requested, created]).when(lapse).thenNothing();
  given(paymentDecider, []).when(lapse).thenNothing();
  const state = given(paymentDecider, [requested]).when(lapse).state();
  assert.equal([state.status, state.request?.card_holder_name, state.payment], ['lapsed', 'Isla Grant', null]);
});

test('a challenge only right after creation (asking again adds nothing)', () => {
  given(paymentDecider, [created]).when({ type: 'RequireChallenge', now: NOW }).thenEvents([challenged]);
  given(paymentDecider, [created, challenged]).when({ type: 'RequireChallenge', now: NOW }).thenNothing();
  given(paymentDecider, [created, succeeded]).when({ type: 'RequireChallenge', now: NOW }).thenError('conflict');
});

test('succeeds from created or challenge-required, once', () => {
  given(paymentDecider, [created]).when(succeed).thenEvents([succeeded]);
  const outcome = given(paymentDecider, [created, challenged]).when(succeed);
  outcome.thenEvents([succeeded]);
  assert.is(outcome.state().status, 'succeeded');
  given(paymentDecider, [created, challenged, succeeded]).when(succeed).thenNothing();
  given(paymentDecider, [created, challenged, failed]).when(succeed).thenError('conflict', 'This payment has already failed.');
  given(paymentDecider, []).when(succeed).thenError('not_found');
});

test('fails from created or challenge-required, once; never after succeeding', () => {
  given(paymentDecider, [created]).when(fail).thenEvents([failed]);
  given(paymentDecider, [created, challenged]).when(fail).thenEvents([failed]);
  given(paymentDecider, [created, failed]).when(fail).thenNothing();
  given(paymentDecider, [created, succeeded]).when(fail).thenError('conflict', 'This payment has already succeeded.');
});

test('a refund is owed first: only of a succeeded payment, never more than was paid, once at a time', () => {
  const owed: PaymentEvent = { type: 'PaymentRefundDecided', data: { ...ids, amount_pence: 500, reason: 'duplicate', at: NOW } };
  given(paymentDecider, [created, succeeded]).when(owe(500)).thenEvents([owed]);
  given(paymentDecider, [created, succeeded, owed]).when(owe(500)).thenNothing();
  given(paymentDecider, [created, failed]).when(owe(500)).thenError('rule_broken', 'Only a succeeded payment can be refunded.');
  given(paymentDecider, [created, succeeded]).when(owe(501)).thenError('rule_broken', 'The refund is more than what is left of the payment.');
  given(paymentDecider, [created, succeeded]).when(owe(0)).thenError('validation');
});

test('the refund made settles what was owed, once; with nothing owed it records nothing', () => {
  const owed: PaymentEvent = { type: 'PaymentRefundDecided', data: { ...ids, amount_pence: 500, reason: 'duplicate', at: NOW } };
  const refunded: PaymentEvent = { type: 'PaymentRefunded', data: { ...ids, amount_pence: 500, reason: 'duplicate', refund_ref: 're_1', at: NOW } };
  const outcome = given(paymentDecider, [created, succeeded, owed]).when(made);
  outcome.thenEvents([refunded]);
  assert.equal([outcome.state().refund_due, outcome.state().refunded_pence], [null, 500]);
  given(paymentDecider, [created, succeeded, owed, refunded]).when(made).thenNothing();
  given(paymentDecider, [created, succeeded]).when(made).thenNothing();
  given(paymentDecider, [created, succeeded, owed, refunded]).when(owe(1)).thenError('rule_broken', 'The refund is more than what is left of the payment.');
});

test('the account records a card-paid fee with its method and payment; old fee events without them still fold', () => {
  const registered = { type: 'UserRegistered', data: { user_id: 'u-1', email: 'a@b.test', password_hash: 'scrypt$x', registered_at: NOW, first_name: 'A', last_name: 'B', title: null, phone_number: '', birth_date: null, vat_enabled: false, vat_number: '', company_name: '', audio_cue: 'audio_1', is_audio_cues: true, promotional_email: false } } as AccountEvent;
  given(accountDecider, [registered])
    .when({ type: 'RecordRegistrationFeePaid', amount_pence: 500, reference: 'p-1', by: 'payments', method: 'card', payment_id: 'p-1', now: NOW })
    .thenEvents([{ type: 'RegistrationFeePaid', data: { user_id: 'u-1', amount_pence: 500, reference: 'p-1', recorded_by: 'payments', paid_at: NOW, method: 'card', payment_id: 'p-1' } }]);
  const old: AccountEvent = { type: 'RegistrationFeePaid', data: { user_id: 'u-1', amount_pence: 500, reference: null, recorded_by: 'staff', paid_at: NOW } };
  assert.ok([registered, old].reduce(evolveAccount, initialAccountState).feePaid);
  given(accountDecider, [registered, old]).when({ type: 'RecordRegistrationFeePaid', amount_pence: 500, reference: 'p-2', by: 'payments', method: 'card', now: NOW }).thenNothing();
});

test.run();
