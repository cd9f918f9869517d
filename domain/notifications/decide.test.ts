import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideNotifications, mayNotify, outbidUser, type LotFacts, type NotifiableEvent } from './decide';
import { notificationId } from './id';
import { inboxDecider } from './inbox';

const lot: LotFacts = { lot_id: 'lot-1', auction_id: 'auc-1', seller_id: 'seller', title: 'Macallan 18', reserve_met: false, bidders: ['ann', 'bob'] };
const at = '2026-11-21T12:00:00.000Z';

function bid(over: Record<string, unknown>): NotifiableEvent {
  return { type: 'BidPlaced', event_id: 'e1', data: {
    lot_id: 'lot-1', bid_id: 'b', bidder_id: 'bob', max_bid: 5000, placed_at: at, is_raise: false, previous_price: 1000, current_price: 2000,
    previous_leader_id: 'ann', leader_id: 'bob', leader_max: 5000, bid_count: 2, reserve_met: false, ends_at: at, extended: false,
    extra_time_seconds: 0, next_minimum_bid: 2100, history: [], ...over,
  } } as NotifiableEvent;
}
const summary = (e: NotifiableEvent, facts: LotFacts | null = lot) => decideNotifications(e, facts).map((n) => [n.template, n.user_id]);

test('the previous leader is outbid when the lead changes hands, not on their own raise or when their proxy holds', () => {
  assert.equal(summary(bid({})), [['outbid', 'ann']]);
  assert.equal(summary(bid({ bidder_id: 'ann', leader_id: 'ann', previous_leader_id: 'ann', is_raise: true })), []);
  assert.equal(summary(bid({ leader_id: 'ann' })), []);
  const [n] = decideNotifications(bid({}), lot);
  assert.equal(n, { id: notificationId('e1', 'ann', 'outbid'), user_id: 'ann', template: 'outbid', text: 'You have been outbid on Macallan 18', lot_id: 'lot-1', auction_id: 'auc-1', created_at: at });
});

const bidData = (over: Record<string, unknown>) => (bid(over) as Extract<NotifiableEvent, { type: 'BidPlaced' }>).data;

test('outbidUser, the one rule the live push asks too: the previous leader when the lead moved to someone else', () => {
  assert.is(outbidUser(bidData({})), 'ann');
  assert.is(outbidUser(bidData({ leader_id: 'ann' })), null, 'her proxy held');
  assert.is(outbidUser(bidData({ bidder_id: 'ann', leader_id: 'ann', previous_leader_id: 'ann', is_raise: true })), null, 'her own raise');
  assert.is(outbidUser(bidData({ previous_leader_id: null })), null, 'the first bid outbids nobody');
});

test('the reserve met: the seller and every other bidder, once (not when it was already met)', () => {
  assert.equal(summary(bid({ reserve_met: true, previous_leader_id: 'bob' })), [['met_reserve', 'seller'], ['met_reserve_where_you_bid', 'ann']]);
  assert.equal(summary(bid({ reserve_met: true, previous_leader_id: 'bob' }), { ...lot, reserve_met: true }), []);
  const lowered = { type: 'ReservePriceChanged', event_id: 'e2', data: { lot_id: 'lot-1', seller_id: 'seller', previous_reserve_price_pence: 9000, reserve_price_pence: 1000, changed_at: at, current_price: 2000, reserve_met: true, next_minimum_bid: 2100, history: [], bid_count: 2 } } as NotifiableEvent;
  assert.equal(summary(lowered), [['met_reserve_where_you_bid', 'ann'], ['met_reserve_where_you_bid', 'bob']]);
});

test('a close: the winner won, the seller hears the result sold or not', () => {
  const closed = (outcome: 'sold' | 'unsold') => ({ type: 'LotClosed', event_id: 'e3', data: { lot_id: 'lot-1', auction_id: 'auc-1', seller_id: 'seller', outcome,
    winner_id: outcome === 'sold' ? 'bob' : null, hammer_price: outcome === 'sold' ? 12500 : null, final_price: 12500, reserve_price_pence: null, bid_count: 3, ends_at: at, closed_at: at } }) as NotifiableEvent;
  assert.equal(decideNotifications(closed('sold'), lot).map((n) => [n.template, n.user_id, n.text]), [
    ['won_items', 'bob', 'Congratulations, you won Macallan 18 for £125.00'], ['end_of_auction_for_seller', 'seller', 'Your lot Macallan 18 sold for £125.00']]);
  assert.equal(decideNotifications(closed('unsold'), lot).map((n) => [n.template, n.text]), [['end_of_auction_for_seller', 'Your lot Macallan 18 did not sell']]);
});

test('a lot withdrawn by staff (its LotClosed says withdrawn): no won notice to bidders, no end-of-auction notice', () => {
  const closed = { type: 'LotClosed', event_id: 'e3', data: { lot_id: 'lot-1', auction_id: 'auc-1', seller_id: 'seller', outcome: 'unsold', winner_id: null,
    hammer_price: null, final_price: 12500, reserve_price_pence: null, bid_count: 3, ends_at: at, closed_at: at, withdrawn: true } } as NotifiableEvent;
  assert.equal(decideNotifications(closed, lot), []);
});

test('seller proceeds: you_are_paid once per lot whatever entry carries them; other credits nothing', () => {
  const credit = (kind: string, entry: string) => ({ type: 'WalletCredited', event_id: entry, data: { user_id: 'seller', entry_id: entry, amount_pence: 10000, kind, description: '', reference: 'lot-1', by: 'system', reason: null, at } }) as NotifiableEvent;
  const [a] = decideNotifications(credit('seller_proceeds', 'x'), lot);
  const [b] = decideNotifications(credit('seller_proceeds', 'y'), lot);
  assert.equal([a.template, a.text, a.id], ['you_are_paid', 'You have been paid £100.00 for Macallan 18', b.id]);
  assert.equal(decideNotifications(credit('refund', 'z'), lot), []);
});

test('a lot matched interests: one lots_that_match_my_interest per match, naming the lot and the keyword; same ids however often', () => {
  const matched = (eventId: string) => ({ type: 'LotMatchedInterests', event_id: eventId, data: { lot_id: 'lot-9', auction_id: 'auc-2', title: 'Ardbeg 10', at,
    matches: [{ user_id: 'ann', reason: 'keyword', word: 'ardbeg' }, { user_id: 'bob', reason: 'item' }] } }) as NotifiableEvent;
  const drafts = decideNotifications(matched('e4'), null);
  assert.equal(drafts.map((n) => [n.template, n.user_id, n.text, n.lot_id, n.auction_id, n.created_at]), [
    ['lots_that_match_my_interest', 'ann', 'A new lot matches your keyword "ardbeg": Ardbeg 10', 'lot-9', 'auc-2', at],
    ['lots_that_match_my_interest', 'bob', 'A new lot of an item you follow: Ardbeg 10', 'lot-9', 'auc-2', at]]);
  assert.is(drafts[0].id, notificationId('lot-interest:lot-9', 'ann', 'lots_that_match_my_interest'));
  assert.equal(decideNotifications(matched('other'), lot).map((n) => n.id), drafts.map((n) => n.id), 'once per lot and user');
  assert.equal(decideNotifications({ ...matched('e5'), data: { ...matched('e5').data, matches: [] } } as NotifiableEvent, null), []);
});

test('NotificationDue: one notification from the event alone, id from template and subject, time = due_at', () => {
  const due = (template: string, over: Record<string, unknown> = {}) => ({ type: 'NotificationDue', event_id: 'any', data: { user_id: 'bob', template,
    subject: 'lot-1', lot_id: 'lot-1', auction_id: 'auc-1', title: 'Macallan 18', due_at: at, ...over } }) as NotifiableEvent;
  const [n] = decideNotifications(due('please_pay_now'), null);
  assert.equal(n, { id: notificationId('please_pay_now:lot-1', 'bob', 'please_pay_now'), user_id: 'bob', template: 'please_pay_now',
    text: 'Please pay for Macallan 18: payment is due within 2 days', lot_id: 'lot-1', auction_id: 'auc-1', created_at: at });
  assert.is(decideNotifications({ ...due('please_pay_now'), event_id: 'other' } as NotifiableEvent, lot)[0].id, n.id, 'once per subject');
  assert.is(decideNotifications(due('storage_is_ending', { expires_at: '2026-12-31T00:00:00.000Z' }), null)[0].text, 'Storage of Macallan 18 ends on 2026-12-31');
  assert.is(decideNotifications(due('storage_period_expired'), null)[0].text, 'The storage period of Macallan 18 has expired');
  const [details] = decideNotifications(due('payment_details_required', { subject: 'bob', lot_id: null, auction_id: null, title: '' }), null);
  assert.equal([details.text, details.lot_id], ['Add your bank details so we can pay you your proceeds', null]);
  assert.is(decideNotifications(due('request_to_fill_details', { subject: 'bob', lot_id: null }), null)[0].text, 'Please complete your profile');
  const order = (method: string) => decideNotifications(due('payment_method_reminder', { subject: 'ord-1', lot_id: null, auction_id: null, title: '',
    order_id: 'ord-1', order_number: 'W-1042', payment_method: method }), null)[0];
  assert.equal([order('UK_BANK').text, order('UK_BANK').lot_id, order('UK_BANK').id],
    ['Your order W-1042 is waiting for your payment by UK bank transfer', null, notificationId('payment_method_reminder:ord-1', 'bob', 'payment_method_reminder')]);
  assert.is(order('INT_BANK').text, 'Your order W-1042 is waiting for your payment by international bank transfer');
  assert.is(order('IN_STORE').text, 'Your order W-1042 is waiting for your payment in store');
  assert.is(decideNotifications(due('shipping_method_reminder'), null)[0].text, 'Choose how we should send, store or hold Macallan 18 for you');
  assert.is(decideNotifications(due('shipping_method_reminder', { title: '' }), null)[0].text, 'Choose how we should send, store or hold your lot for you');
});

test('mayNotify: only an outbid or a met reserve can notify, so only those read the facts', () => {
  const may = (over: Record<string, unknown>) => mayNotify(bid(over) as never);
  assert.equal([may({}), may({ previous_leader_id: null }), may({ previous_leader_id: 'bob' }), may({ leader_id: 'ann' })], [true, false, false, false]);
  assert.equal([may({ previous_leader_id: null, reserve_met: true }), may({ leader_id: 'ann', reserve_met: true })], [true, true]);
  // Whenever it says no, the decision is indeed empty, even with facts where the reserve was not met.
  for (const over of [{ previous_leader_id: null }, { previous_leader_id: 'bob' }, { leader_id: 'ann' }]) assert.equal(summary(bid(over)), []);
});

test('inbox: opt-outs change only when different; reading nothing records nothing', () => {
  const now = at;
  assert.equal(inboxDecider.decide({ type: 'SetEmailOptOuts', user_id: 'u', email_opt_outs: [], now }, inboxDecider.initialState), []);
  const [changed] = inboxDecider.decide({ type: 'SetEmailOptOuts', user_id: 'u', email_opt_outs: ['outbid', 'outbid'], now }, inboxDecider.initialState);
  assert.equal(changed.data, { user_id: 'u', email_opt_outs: ['outbid'], changed_at: now });
  assert.equal(inboxDecider.decide({ type: 'MarkNotificationsRead', user_id: 'u', ids: [], now }, inboxDecider.initialState), []);
});

test.run();
