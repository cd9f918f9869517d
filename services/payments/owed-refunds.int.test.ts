/**
 * Refunds the house owes survive a provider that fails to make them: the refund is decided in the same commit as the
 * success that calls for it (PaymentRefundDecided), the answer to the buyer does not fail, and the owed-refunds
 * worker makes it later, once, however many makers race.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { CARD, card, countEvents, followReturn, openChallenge, post } from './testing';
import { paymentProvider } from './provider';
import { makeOwedRefund, makeOwedRefunds } from './owed-refunds';
import { paymentsFeature } from './feature';
import { paymentStats } from './payment-stats';
import { drainRefundMail, REFUND_MAILER_NAME } from './refund-mailer';
import { readMailbox } from '../../infra/mail/outbox';

async function refundMail(): Promise<void> {
  await t.ctx.projections.settle();
  await drainRefundMail(t.ctx.db, t.ctx.store, { publicUrl: t.ctx.config.publicUrl, now: () => t.clock.now() });
}

let t: TestApp;
const FEE = '/api/registration_fee/';

test.before(async () => {
  t = await startTestApp();
  // The test runs the owed-refunds passes itself: the timer's worker would make a refund behind its back.
  await paymentsFeature.stop?.(t.ctx);
});

test.after.each(() => {
  Reflect.deleteProperty(paymentProvider(t.ctx), 'refund');
});

test.after(async () => {
  await t.close();
});

/** The provider refuses every refund (an outage) until the test ends; answers how often it was asked. */
function refundsDown(): { asked: () => number } {
  let asked = 0;
  paymentProvider(t.ctx).refund = async () => {
    asked += 1;
    throw new Error('connect ETIMEDOUT 203.0.113.7:443');
  };
  return { asked: () => asked };
}

const sandboxRefunds = async (user: TestUser) => Number((await sql<{ n: string }>`
  SELECT count(*) AS n FROM sandbox_refunds r JOIN payments p ON p.provider_ref = r.intent_id WHERE p.user_id = ${user.id}`.execute(t.ctx.db)).rows[0].n);

/** The owed-refund gauges as a scrape reads them. */
async function owedGauges(): Promise<{ owed: number; pence: number }> {
  const { body } = await t.ctx.metrics.text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(body)?.[1] ?? Number.NaN);
  return { owed: value('auction_refunds_owed'), pence: value('auction_refunds_owed_pence') };
}

const owedRows = async (user: TestUser) => t.ctx.db.selectFrom('payments').select(['refund_due_pence', 'refunded_pence'])
  .where('user_id', '=', user.id).where((eb) => eb.or([eb('refund_due_pence', '>', 0), eb('refunded_pence', '>', 0)])).execute();

/** Two fee payments by challenge, both completed: the second finds the fee paid and owes its payment back. */
async function feePaidTwice(buyer: TestUser): Promise<string> {
  const [first, second] = [await post(t, buyer, FEE, card(CARD.challenge)), await post(t, buyer, FEE, card(CARD.challenge))];
  const [a, b] = [await openChallenge(t, first.json()), await openChallenge(t, second.json())];
  assert.is((await followReturn(t, await a.complete())).client, '/?registration_fee=true');
  const back = await followReturn(t, await b.complete());
  assert.is(back.client, '/?registration_fee=true', 'the return answers as usual, refund made or not');
  return back.paymentId;
}

test('a fee paid twice while the provider cannot refund: the refund is owed, then made once by the worker', async () => {
  const buyer = await createTestUser(t);
  const outage = refundsDown();
  const paymentId = await feePaidTwice(buyer);
  assert.is(outage.asked(), 1, 'the return tried the refund at once');
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 1);
  assert.is(await countEvents(t, 'PaymentRefundDecided', buyer.id), 1, 'owed, in the commit of the second success');
  assert.is(await countEvents(t, 'PaymentRefunded', buyer.id), 0);
  await t.ctx.projections.settle();
  assert.equal(await owedRows(buyer), [{ refund_due_pence: 500, refunded_pence: 0 }]);
  // The operator sees it (docs/operations.md): one refund owed, £5 (this file's only one).
  assert.equal(await owedGauges(), { owed: 1, pence: 500 });

  assert.equal(await makeOwedRefunds(t.ctx), [], 'still down: still owed');
  assert.is(outage.asked(), 2);
  Reflect.deleteProperty(paymentProvider(t.ctx), 'refund');

  assert.equal(await makeOwedRefunds(t.ctx), [paymentId]);
  assert.equal(await makeOwedRefunds(t.ctx), [], 'nothing owed any more (the read model may still show it: the stream decides)');
  await t.ctx.projections.settle();
  assert.equal(await makeOwedRefunds(t.ctx), []);
  assert.is(await countEvents(t, 'PaymentRefunded', buyer.id), 1);
  assert.is(await sandboxRefunds(buyer), 1, 'given back once at the provider');
  assert.equal(await owedRows(buyer), [{ refund_due_pence: 0, refunded_pence: 500 }]);
  // (A scrape within a second reuses the last read: the source itself, asked again.)
  const after = await paymentStats(t.ctx.db, t.clock.now());
  assert.equal([after.refundsOwed, after.refundsOwedPence], [0, 0]);
});

test('two makers of one owed refund (the request and the worker, two processes): one refund, recorded once', async () => {
  const buyer = await createTestUser(t);
  refundsDown();
  const paymentId = await feePaidTwice(buyer);
  Reflect.deleteProperty(paymentProvider(t.ctx), 'refund');
  const made = await Promise.all([1, 2, 3].map(() => makeOwedRefund(t.ctx, paymentId, { user_id: 'system' })));
  assert.is(made.filter((m) => m.append !== null).length, 1, 'one maker records it; the others find it made');
  assert.ok(made.every((m) => m.state.refund_due === null && m.state.refunded_pence === 500));
  assert.is(await countEvents(t, 'PaymentRefunded', buyer.id), 1);
  assert.is(await sandboxRefunds(buyer), 1);
});

test('the provider up: a fee paid twice is refunded in the same request, and no refund is left owed', async () => {
  const buyer = await createTestUser(t);
  await feePaidTwice(buyer);
  assert.is(await countEvents(t, 'PaymentRefundDecided', buyer.id), 1);
  assert.is(await countEvents(t, 'PaymentRefunded', buyer.id), 1);
  await t.ctx.projections.settle();
  assert.equal(await owedRows(buyer), [{ refund_due_pence: 0, refunded_pence: 500 }]);
  assert.equal(await makeOwedRefunds(t.ctx), []);
});

test('a refund made is emailed to the buyer once: how much, to which card, what for and why', async () => {
  const buyer = await createTestUser(t, { firstName: 'Morag' });
  const refunded = await feePaidTwice(buyer);
  await refundMail();
  const mails = (await readMailbox(t.ctx.db, { to: buyer.email })).filter((m) => m.subject.includes('refunded'));
  assert.equal(mails.map((m) => m.subject), ['We have refunded £5.00 to your card']);
  for (const line of ['Hello Morag,', 'We have refunded £5.00 to your Visa ending 3220: the card payment for your registration fee.',
    'Why: The registration fee was already paid.', 'within 5 to 10 working days', '/account/buyers-area']) {
    assert.ok(mails[0].text.includes(line), `the refund email lacks "${line}":\n${mails[0].text}`);
  }
  // A lost checkpoint (or a second process) reads the refund again: the outbox key keeps it to one email.
  await sql`DELETE FROM projection_checkpoints WHERE name = ${REFUND_MAILER_NAME}`.execute(t.ctx.db);
  await refundMail();
  assert.is((await readMailbox(t.ctx.db, { to: buyer.email })).filter((m) => m.subject.includes('refunded')).length, 1);
  assert.ok(refunded);
});

test.run();
