import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideNotifications, type NotifiableEvent } from './decide';
import { notificationId } from './id';

const at = '2026-11-23T12:00:00.000Z';
const item = (title: string) => ({ item_id: title, title, distillery: null, type: null, age: null, volume_ml: null, abv: null, quantity: 1, description: null,
  estimate_low_pence: null, estimate_high_pence: null, source_lot_id: `old-${title}` });
const submitted = (kind: 'from_storage' | 'new_items', titles: string[], eventId = 'e1') => ({ type: 'SellRequestSubmitted', event_id: eventId, data: {
  request_id: 'req-1', reference: 'S-000001', user_id: 'seller', kind, delivery: kind === 'new_items' ? 'send_items' : null, auction_id: 'auc-2',
  items: titles.map(item), address: null, note: null, valuation_id: null, payout_method_id: null, boxes: null, insurance: null, pick_up_date: null, at,
} }) as NotifiableEvent;

test('a relist request (from storage) tells its seller once; a request of new items does not', () => {
  const [n, ...rest] = decideNotifications(submitted('from_storage', ['Ardbeg 10']), null);
  assert.equal(rest, []);
  assert.equal(n, { id: notificationId('relist-request:req-1', 'seller', 'relist_request_success'), user_id: 'seller', template: 'relist_request_success',
    text: 'Ardbeg 10 will be relisted in the next auction', lot_id: null, auction_id: 'auc-2', created_at: at });
  assert.is(decideNotifications(submitted('from_storage', ['A', 'B'], 'e2'), null)[0].id, n.id, 'once per request, whatever event carries it');
  assert.is(decideNotifications(submitted('from_storage', ['A', 'B']), null)[0].text, 'Your 2 lots will be relisted in the next auction');
  assert.equal(decideNotifications(submitted('new_items', ['A']), null), []);
});

test.run();
