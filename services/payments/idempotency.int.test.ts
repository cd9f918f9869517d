import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser } from '../testing/users';
import { CARD, card, countEvents, post, sandboxIntents } from './testing';
import { paymentProvider } from './provider';
import { PAYMENT_INTERRUPTED } from './card-payments';

let t: TestApp;

const FEE = '/api/registration_fee/';
const CARDS = '/api/user_payment_cards/';

test.before(async () => {
  t = await startTestApp();
});

test.after(async () => {
  await t.close();
});

test('a retried fee payment gets the first answer and is charged once', async () => {
  const buyer = await createTestUser(t);
  const intents = await sandboxIntents(t);
  const first = await post(t, buyer, FEE, card(CARD.ok), 'fee-1');
  assert.is(first.statusCode, 200, first.body);
  const retry = await post(t, buyer, FEE, card(CARD.ok), 'fee-1');
  assert.equal([retry.statusCode, retry.json(), retry.headers['idempotent-replayed']], [200, first.json(), 'true']);
  assert.is(await sandboxIntents(t), intents + 1);
  assert.is(await countEvents(t, 'PaymentCreated', buyer.id), 1);
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 1);
  // Without the key the same request is a new one, refused because the fee is paid.
  assert.equal((await post(t, buyer, FEE, card(CARD.ok))).json(), { detail: 'Your registration fee is already paid.' });
  const reused = await post(t, buyer, FEE, card(CARD.mastercard), 'fee-1');
  assert.is(reused.statusCode, 409, 'the same key with another request');
});

test('concurrent requests with one key: one payment, one charge, one answer for all', async () => {
  const buyer = await createTestUser(t);
  const intents = await sandboxIntents(t);
  const answers = await Promise.all([1, 2, 3, 4].map(() => post(t, buyer, FEE, card(CARD.challenge), 'fee-concurrent')));
  assert.equal(answers.map((a) => a.statusCode), [200, 200, 200, 200]);
  assert.is(new Set(answers.map((a) => a.body)).size, 1, 'every duplicate replays the first answer (the same challenge)');
  assert.is(answers.filter((a) => a.headers['idempotent-replayed'] === 'true').length, 3);
  assert.is(await countEvents(t, 'PaymentCreated', buyer.id), 1);
  assert.is(await sandboxIntents(t), intents + 1);
});

test('concurrent card payments with one key charge once', async () => {
  const buyer = await createTestUser(t);
  const answers = await Promise.all([1, 2, 3].map(() => post(t, buyer, FEE, card(CARD.ok), 'fee-concurrent-ok')));
  assert.equal(answers.map((a) => [a.statusCode, a.json().registration_fee_status]), [[200, true], [200, true], [200, true]]);
  assert.is(await countEvents(t, 'PaymentCreated', buyer.id), 1);
  assert.is(await countEvents(t, 'PaymentSucceeded', buyer.id), 1);
});

test('a refused payment retried with its key is refused again without a second charge; another card may use the key', async () => {
  const buyer = await createTestUser(t);
  const intents = await sandboxIntents(t);
  for (let i = 0; i < 2; i++) {
    const res = await post(t, buyer, FEE, card(CARD.insufficient), 'fee-2');
    assert.equal([res.statusCode, res.json()], [400, { detail: 'Your card has insufficient funds.' }]);
  }
  assert.is(await sandboxIntents(t), intents + 1, 'the provider was asked once for that request');
  assert.is(await countEvents(t, 'PaymentCreated', buyer.id), 1);
  const fixed = await post(t, buyer, FEE, card(CARD.ok), 'fee-2');
  assert.equal([fixed.statusCode, fixed.json().registration_fee_status], [200, true], fixed.body);
});

test('a retried card save answers 201 again and saves once', async () => {
  const buyer = await createTestUser(t);
  const first = await post(t, buyer, CARDS, card(CARD.mastercard), 'card-1');
  assert.is(first.statusCode, 201, first.body);
  const again = await post(t, buyer, CARDS, card(CARD.mastercard), 'card-1');
  assert.equal([again.statusCode, again.json(), again.headers['idempotent-replayed']], [201, first.json(), 'true']);
  assert.is(await countEvents(t, 'CardSaved', buyer.id), 1);
});

test('the provider charged and its answer was lost: 503 saying to try again; the same key is answered with that one charge', async () => {
  const buyer = await createTestUser(t);
  const intents = await sandboxIntents(t);
  const provider = paymentProvider(t.ctx);
  const real = Object.getPrototypeOf(provider).createPayment as typeof provider.createPayment;
  provider.createPayment = async (request) => {
    await real.call(provider, request);
    throw new Error('socket hang up');
  };
  let first: Awaited<ReturnType<typeof post>>;
  try {
    first = await post(t, buyer, FEE, card(CARD.ok), 'fee-lost');
  } finally {
    Reflect.deleteProperty(provider, 'createPayment');
  }
  assert.equal([first.statusCode, first.json(), first.headers['retry-after']], [503, { detail: PAYMENT_INTERRUPTED }, '5']);
  assert.is(await sandboxIntents(t), intents + 1, 'charged at the provider');
  assert.is(await countEvents(t, 'PaymentCreated', buyer.id), 0, 'nothing recorded here');

  const retry = await post(t, buyer, FEE, card(CARD.ok), 'fee-lost');
  assert.equal([retry.statusCode, retry.json().registration_fee_status], [200, true], retry.body);
  assert.is(await sandboxIntents(t), intents + 1, 'the provider answered its first payment: one charge');
  assert.is(await countEvents(t, 'PaymentCreated', buyer.id), 1);
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 1);
});

test.run();
