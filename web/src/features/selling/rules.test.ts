import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  BOXES_MSG, emptyDraft, emptyItem, feeExample, itemsFromValuation, PICK_UP_NOT_FUTURE, PICK_UP_WEEKEND, QUANTITY_MSG, REQUIRED,
  sellBody, splitServerErrors, validateDraft, validatePickUpDate,
} from './rules';

// Wednesday 2 December 2026, midday in London.
const NOW = new Date('2026-12-02T12:00:00Z');
const address = { apartment: '', country: 'United Kingdom', region: '', city: 'Edinburgh', zip_code: 'EH1 1AA', street: '1 High Street' };

test('pick-up date: a future weekday only, with the exact messages', () => {
  assert.is(validatePickUpDate('', NOW), REQUIRED);
  assert.is(validatePickUpDate('2026-12-05', NOW), PICK_UP_WEEKEND); // Saturday
  assert.is(validatePickUpDate('2026-12-06', NOW), PICK_UP_WEEKEND); // Sunday
  assert.is(PICK_UP_WEEKEND, 'Please select any future day except weekend');
  assert.is(validatePickUpDate('2026-12-02', NOW), PICK_UP_NOT_FUTURE); // today
  assert.is(validatePickUpDate('2026-11-30', NOW), PICK_UP_NOT_FUTURE);
  assert.is(PICK_UP_NOT_FUTURE, 'Enter correct future date');
  assert.is(validatePickUpDate('2026-12-03', NOW), null);
});

test('the draft: titles, quantities, auction; courier boxes and date only for a courier collection', () => {
  const d = { ...emptyDraft(), items: [{ ...emptyItem(), quantity: '0' }] };
  assert.equal(validateDraft(d, NOW), { 'items.0.title': REQUIRED, 'items.0.quantity': QUANTITY_MSG, auction_id: REQUIRED });
  const courier = { ...d, items: [emptyItem('Macallan 18')], auction_id: 'a1', way: 'courier_collection' as const, boxes: '0', pick_up_date: '2026-12-05' };
  assert.equal(validateDraft(courier, NOW), { boxes: BOXES_MSG, pick_up_date: PICK_UP_WEEKEND });
  assert.equal(validateDraft({ ...courier, boxes: '2', pick_up_date: '2026-12-04' }, NOW), {});
});

test('the body: typed numbers, saved or new payout, courier fields only for a collection', () => {
  const item = { ...emptyItem('Ardbeg 10'), age: '10', volume_ml: '700', abv: '46', quantity: '2', distillery: ' Ardbeg ' };
  const d = { ...emptyDraft(), items: [item], auction_id: 'a1', payout: 'pm1' };
  const body = sellBody(d, address, { type: 'UK_BANK' }, null);
  assert.equal(body.items[0], {
    title: 'Ardbeg 10', distillery: 'Ardbeg', type: 'bottle', age: 10, volume_ml: 700, abv: 46, quantity: 2, description: null,
    estimate_low: null, estimate_high: null,
  });
  assert.is(body.payment_id, 'pm1');
  assert.is(body.payment_data, undefined);
  assert.is(body.pick_up_date, undefined);
  const courier = sellBody({ ...d, payout: 'new', way: 'courier_collection', boxes: '3', pick_up_date: '2026-12-04', insurance: true }, address, { type: 'UK_BANK' }, { email: 'x@y.co' });
  assert.equal([courier.payment_id, courier.payment_data, courier.boxes, courier.insurance, courier.pick_up_date], [undefined, { type: 'UK_BANK' }, 3, true, '2026-12-04']);
  assert.equal(courier.user_data, { email: 'x@y.co' });
});

test('server field errors are split onto their parts', () => {
  assert.equal(splitServerErrors({ 'items.0.title': 'a', pick_up_date: 'b', 'address.city': 'c', 'payment_data.iban_int': 'd', 'user_data.email': 'e', user_data: 'f' }), {
    form: { 'items.0.title': 'a', pick_up_date: 'b', user_data: 'f' }, address: { city: 'c' }, payment_data: { iban_int: 'd' }, user_data: { email: 'e' },
  });
});

test('fees: 5% commission, £5 listing per lot, £5 reserve fee per lot with a reserve', () => {
  assert.equal(feeExample(100_000, 1, 1), { hammer: 100_000, commission: 5_000, listing: 500, reserve: 500, proceeds: 94_000 });
  assert.equal(feeExample(20_000), { hammer: 20_000, commission: 1_000, listing: 500, reserve: 0, proceeds: 18_500 });
});

test('a valuation prefills one item per object; the estimate only on a single object', () => {
  const one = itemsFromValuation({ objects: [{ title: 'Port Ellen 1979' }], answer: { low: '100.00', high: '150.00' } });
  assert.equal([one.length, one[0].title, one[0].estimate_low, one[0].estimate_high], [1, 'Port Ellen 1979', '100.00', '150.00']);
  const two = itemsFromValuation({ objects: [{ title: 'A' }, { title: 'B' }], answer: { low: '100.00', high: '150.00' } });
  assert.equal(two.map((i) => [i.title, i.estimate_low]), [['A', ''], ['B', '']]);
});

test.run();
