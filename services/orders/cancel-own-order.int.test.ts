/**
 * A buyer cancelling their own card order still awaiting payment (POST /api/orders/{id}/cancel/): the lots come back
 * to the checkout at once rather than after the 30-minute sweep, settled the way the sweep settles it (the provider
 * asked first). Other orders, other people's and transfer orders are refused and left as they were.
 */
import { test } from 'uvu';
import { drainRefundMail } from '../payments/refund-mailer';
import { ORDER_NOT_AWAITING_REFUND } from '../../domain/orders/settlement/card-payment';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { CARD, followReturn, openChallenge } from '../payments/testing';
import { paymentProvider } from '../payments/provider';
import { ORDER_MSG } from '../../domain/orders/messages';
import { PROVIDER_UNREACHABLE } from './cancel-own-order';
import { drainOrderMail } from './order-mailer';
import { readMailbox } from '../../infra/mail/outbox';
import { cardDraft, createOrder, draft, eventsOf, startOrderApp, wonItemIds, wonLots } from './testing';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;

test.before(async () => {
  ({ t, staff, seller } = await startOrderApp());
});

test.after.each(() => {
  Reflect.deleteProperty(paymentProvider(t.ctx), 'getPayment');
});

test.after(async () => {
  await t.close();
});

const cancel = (user: TestUser, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel/`, headers: bearer(user) });
/** The buyer's email with this subject, once the order mailer has run (this app runs no workers). */
/** The subjects of the emails about one order, once the mailer has caught up. */
async function orderMails(buyer: TestUser, orderNumber: string): Promise<string[]> {
  await t.ctx.projections.settle();
  await drainOrderMail(t.ctx.db, t.ctx.store, { publicUrl: t.ctx.config.publicUrl, now: () => t.clock.now() });
  return (await readMailbox(t.ctx.db, { to: buyer.email })).filter((m) => m.subject.includes(orderNumber)).map((m) => m.subject);
}
const ofOrder = async (type: string, orderId: string) => (await eventsOf(t, type)).filter((e) => e.data.order_id === orderId);

/** A won lot in a card order left at the bank's check: the order, its number, the lot and the challenge's HTML. */
async function orderInTheBanksCheck(buyer: TestUser) {
  const [lot] = await wonLots(t, staff, buyer, seller, [{ hammer: 5_000 }]);
  const placed = await createOrder(t, buyer, 'collection', cardDraft(CARD.challenge));
  assert.is(placed.statusCode, 200, placed.body);
  const [order] = (await eventsOf(t, 'OrderPlaced')).filter((e) => e.data.user_id === buyer.id);
  assert.equal(await wonItemIds(t, buyer), [], 'held by the order');
  return { orderId: String(order.data.order_id), number: String(order.data.order_number), lot, html: placed.json() as string };
}

test('the buyer cancels an order left in the bank\'s check: its lots are back at once; the check completed later is refunded', async () => {
  const buyer = await createTestUser(t);
  const { orderId, number, lot, html } = await orderInTheBanksCheck(buyer);

  const cancelled = await cancel(buyer, orderId);
  assert.is(cancelled.statusCode, 200, cancelled.body);
  assert.equal(cancelled.json(), { id: orderId, reference_no: number, status: 'cancelled', msg: `Order ${number} is cancelled. Its lots are back in your checkout.` });
  assert.equal((await ofOrder('OrderCancelled', orderId)).map((e) => [e.data.reason, e.data.by]), [[ORDER_MSG.cancelledByBuyer, buyer.id]]);
  assert.equal(await wonItemIds(t, buyer), [lot.id], 'back in the checkout');

  const again = await cancel(buyer, orderId);
  assert.equal([again.statusCode, again.json().detail], [400, ORDER_MSG.notAwaitingPayment]);
  // Not confirmed while its card payment was awaited, and cancelled by the buyer on the page: no email about it.
  assert.equal(await orderMails(buyer, number), []);

  // The window was still open: the buyer completes the bank's check after all. The money goes back.
  const back = await followReturn(t, await (await openChallenge(t, html)).complete());
  const refunded = (await eventsOf(t, 'PaymentRefunded')).filter((e) => e.stream_id.endsWith(back.paymentId));
  assert.is(refunded.length, 1, 'the late success on a cancelled order is refunded');
  assert.equal(await ofOrder('OrderPaid', orderId), []);
  // The money went back without the buyer asking: they are told by email, naming the order and why.
  await t.ctx.projections.settle();
  await drainRefundMail(t.ctx.db, t.ctx.store, { publicUrl: t.ctx.config.publicUrl, now: () => t.clock.now() });
  const [refundMail] = (await readMailbox(t.ctx.db, { to: buyer.email })).filter((m) => m.subject.startsWith('We have refunded'));
  for (const line of [`the card payment for order ${number}.`, `Why: ${ORDER_NOT_AWAITING_REFUND}`, '/account/orders']) {
    assert.ok(refundMail?.text.includes(line), `the refund email lacks "${line}":\n${refundMail?.text}`);
  }
});

test('the check answered, its return lost: the provider\'s word pays the order instead of cancelling it', async () => {
  const buyer = await createTestUser(t);
  const { orderId, number, html } = await orderInTheBanksCheck(buyer);
  const atProvider = await (await openChallenge(t, html)).complete();
  assert.is(atProvider.statusCode, 303, 'the bank\'s check is done; the browser never comes back to us');

  const answer = await cancel(buyer, orderId);
  assert.is(answer.statusCode, 200, answer.body);
  assert.equal(answer.json(), { id: orderId, reference_no: number, status: 'paid', msg: `The card payment for order ${number} went through, so the order is paid and not cancelled.` });
  assert.is((await ofOrder('OrderPaid', orderId)).length, 1);
  assert.equal(await ofOrder('OrderCancelled', orderId), []);
});

test('the provider unreachable: 503, and the order still holds its lots', async () => {
  const buyer = await createTestUser(t);
  const { orderId } = await orderInTheBanksCheck(buyer);
  paymentProvider(t.ctx).getPayment = async () => { throw new Error('connect ECONNREFUSED 203.0.113.7:443'); };
  const answer = await cancel(buyer, orderId);
  assert.equal([answer.statusCode, answer.json().detail], [503, PROVIDER_UNREACHABLE]);
  assert.ok(answer.headers['retry-after']);
  assert.equal(await ofOrder('OrderCancelled', orderId), []);
  assert.equal(await wonItemIds(t, buyer), []);
});

test('someone else\'s order, an unknown or malformed id: not found; an order to pay by transfer: refused; nothing changes', async () => {
  const [buyer, other] = [await createTestUser(t), await createTestUser(t)];
  const { orderId } = await orderInTheBanksCheck(buyer);
  for (const [who, id] of [[other, orderId], [buyer, '00000000-0000-4000-8000-000000000000'], [buyer, 'not-an-id']] as const) {
    const answer = await cancel(who, id);
    assert.equal([answer.statusCode, answer.json().detail], [404, ORDER_MSG.notFound], `${id}`);
  }
  assert.equal(await ofOrder('OrderCancelled', orderId), []);

  await wonLots(t, staff, other, seller, [{ hammer: 2_000 }]);
  const bank = await createOrder(t, other, 'collection', draft('UK_BANK'));
  assert.is(bank.statusCode, 201, bank.body);
  const refused = await cancel(other, bank.json().order_id);
  assert.equal([refused.statusCode, refused.json().detail], [400, ORDER_MSG.onlyCardOrdersByBuyer]);
  assert.equal(await ofOrder('OrderCancelled', bank.json().order_id), []);
  assert.is((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel/` })).statusCode, 401);
});

test.run();
