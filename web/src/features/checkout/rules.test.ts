import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  CARD_RECALC_MS, cardDetails, cardKeyPart, costsKey, costsReady, defaultDraft, draftBody, draftForService, paymentMethodOf,
  placeOrderBlock, recalcDelay, visibleSections,
} from './rules';
import type { CostSummary, Draft } from './types';
import type { Address } from '../../api/addresses';

const address = (zip = 'EH1 1AA', country = 'united-kingdom'): Address => ({
  country, region: '', city: 'Edinburgh', street: '1 High St', apartment: '', zip_code: zip, type_delivery: 'DPD',
});

const me = { first_name: 'Isla', last_name: 'Reid', phone_number: '', additional_phone_number: '', email: 'isla@example.com' };

/** A delivery draft with everything filled in and paid by card. */
function fullDraft(): Draft {
  return {
    ...defaultDraft('delivery', me),
    lots_from_storage: ['s1'],
    insurance: false,
    discount_code: 'SPRING',
    used_from_wallet: '10.00',
    note_from_customer: 'Leave at the door',
    billing_address: { ...address(), id: 'b1' },
    shipping_address: address('G1 1AA'),
    payment: { kind: 'CARD', bank_location: null, card_id: 'card-1' },
    storage_type: 'months',
    storage_months: 3,
  };
}

const summary = (over: Partial<CostSummary> = {}): CostSummary => ({
  items_count: 1, subtotal: '100.00', buyers_commission_amount: '12.50', vat_on_products_amount: '0.00',
  buyers_commission_vat_amount: '2.50', shipping_amount: '12.50', insurance_amount: '0.00', storage_amount: '0.00',
  delivery_storage_amount: '0.00', late_payment_fee_amount: '0.00', late_storage_fee_amount: '0.00', debt: '0.00',
  total: '127.50', voucher_discount_amount: '0.00', voucher_remainder_amount: '0.00', used_from_wallet: '0.00',
  credit_card_surcharge_amount: '3.83', credit_debit_card: '131.33', buyers_commission_percent: 12.5, insurance_percent: 3,
  late_payment_fee_percent: 5, credit_card_surcharge_percent: 3, vat_enabled: false, carrier: null, ...over,
});

test('the draft starts as the spec says: delivery, insurance on, 45 free storage days, no wallet use', () => {
  const d = defaultDraft();
  assert.is(d.service, 'delivery');
  assert.is(d.insurance, true);
  assert.equal([d.storage_type, d.storage_days, d.storage_months, d.used_from_wallet], ['days', 45, 0, '0.00']);
  assert.is(defaultDraft('storage').insurance, false);
});

test('back to delivery keeps only insurance, note, discount, stored lots and wallet use', () => {
  const next = draftForService(fullDraft(), 'delivery', me);
  assert.is(next.insurance, false, 'kept');
  assert.is(next.note_from_customer, 'Leave at the door');
  assert.is(next.discount_code, 'SPRING');
  assert.equal(next.lots_from_storage, ['s1']);
  assert.is(next.used_from_wallet, '10.00');
  assert.is(next.billing_address, null, 'billing is reset');
  assert.is(next.shipping_address, null);
  assert.equal(next.payment, { kind: null, bank_location: null, card_id: null }, 'the payment method is reset');
  assert.equal([next.storage_type, next.storage_months], ['days', 0]);
  assert.is(next.personal_information.email, 'isla@example.com', 'contact details come back from the profile');
});

test('storage and collection start from their defaults but keep billing, personal information and a card payment', () => {
  for (const service of ['storage', 'collection'] as const) {
    const prev = { ...fullDraft(), personal_information: { ...me, phone_number: '07700 900123' } };
    const next = draftForService(prev, service, me);
    assert.is(next.service, service);
    assert.equal(next.billing_address, prev.billing_address);
    assert.is(next.personal_information.phone_number, '07700 900123');
    assert.equal(next.payment, { kind: 'CARD', bank_location: null, card_id: 'card-1' });
    assert.equal([next.discount_code, next.used_from_wallet, next.note_from_customer], ['', '0.00', '']);
    assert.equal(next.lots_from_storage, []);
    assert.equal([next.storage_type, next.storage_days, next.storage_months], ['days', 45, 0]);
    assert.is(next.shipping_address, null);
  }
  const bank = { ...fullDraft(), payment: { kind: 'BANK' as const, bank_location: 'UK' as const, card_id: null } };
  assert.equal(draftForService(bank, 'collection').payment.kind, null, 'a bank payment is not kept');
});

test('wallet settle keeps only the discount and the note', () => {
  const next = draftForService(fullDraft(), 'wallet_settle', me);
  assert.equal([next.discount_code, next.note_from_customer], ['SPRING', 'Leave at the door']);
  assert.equal([next.billing_address, next.payment.kind, next.used_from_wallet, next.lots_from_storage], [null, null, '0.00', []]);
});

test('the payment choice maps to the server enumeration; a bank transfer needs its bank location', () => {
  assert.is(paymentMethodOf({ kind: 'CARD', bank_location: null, card_id: null }), 'CARD');
  assert.is(paymentMethodOf({ kind: 'IN_STORE', bank_location: null, card_id: null }), 'IN_STORE');
  assert.is(paymentMethodOf({ kind: 'BANK', bank_location: null, card_id: null }), null);
  assert.is(paymentMethodOf({ kind: 'BANK', bank_location: 'UK', card_id: null }), 'UK_BANK');
  assert.is(paymentMethodOf({ kind: 'BANK', bank_location: 'INT', card_id: null }), 'INT_BANK');
  assert.is(paymentMethodOf({ kind: null, bank_location: null, card_id: null }), null);
});

test('sections show by service, and payment once the postcodes are there', () => {
  const d = defaultDraft('delivery');
  let s = visibleSections(d);
  assert.equal([s.billing, s.shipping, s.storagePeriod, s.storedItems, s.note, s.payment, s.itemSummary], [true, true, false, true, true, false, true]);
  s = visibleSections({ ...d, billing_address: address() });
  assert.is(s.payment, false, 'delivery also needs the shipping postcode');
  s = visibleSections({ ...d, billing_address: address(), shipping_address: address('G1') });
  assert.is(s.payment, true);
  s = visibleSections({ ...defaultDraft('storage'), billing_address: address() });
  assert.equal([s.shipping, s.storagePeriod, s.storedItems, s.payment], [false, true, true, true]);
  s = visibleSections(defaultDraft('collection'));
  assert.equal([s.shipping, s.storagePeriod, s.storedItems, s.note, s.itemSummary], [false, false, false, true, true]);
  s = visibleSections(defaultDraft('wallet_settle'));
  assert.equal([s.note, s.itemSummary, s.storedItems], [false, false, false]);
  s = visibleSections({ ...defaultDraft('collection'), billing_address: address('  ') });
  assert.is(s.payment, false, 'a blank postcode is no postcode');
});

test('Place Order is enabled only when every condition holds', () => {
  const ok = { cardNumberEntered: true, summary: summary(), priceError: false };
  const card = { kind: 'CARD' as const, bank_location: null, card_id: null };
  let d: Draft = { ...defaultDraft('delivery', me), payment: card };
  assert.is(placeOrderBlock(d, ok), 'billing');
  d = { ...d, billing_address: address() };
  assert.is(placeOrderBlock(d, ok), 'shipping');
  d = { ...d, shipping_address: address('G1 1AA') };
  assert.is(placeOrderBlock(d, ok), null);
  assert.is(placeOrderBlock(d, { ...ok, cardNumberEntered: false }), 'card');
  assert.is(placeOrderBlock({ ...d, payment: { ...card, card_id: 'c1' } }, { ...ok, cardNumberEntered: false }), null, 'a saved card counts');
  assert.is(placeOrderBlock({ ...d, payment: { kind: 'BANK', bank_location: null, card_id: null } }, ok), 'payment');
  assert.is(placeOrderBlock({ ...d, payment: { kind: 'BANK', bank_location: 'INT', card_id: null } }, { ...ok, cardNumberEntered: false }), null);
  assert.is(placeOrderBlock(d, { ...ok, priceError: true }), 'price-error');
  assert.is(placeOrderBlock(d, { ...ok, summary: summary({ total: '0.00', used_from_wallet: '0.00' }) }), 'nothing-to-pay');
  assert.is(placeOrderBlock(d, { ...ok, summary: summary({ total: '0.00', used_from_wallet: '5.00' }) }), null);
  assert.is(placeOrderBlock(d, { ...ok, summary: null }), null, 'not yet priced is not a reason on its own');
  assert.is(placeOrderBlock(d, { ...ok, summary: summary({ credit_debit_card: '25000.01' }) }), 'card-limit');
  assert.is(placeOrderBlock(d, { ...ok, cardNumberEntered: false, summary: summary({ credit_debit_card: '25000.01' }) }), 'card-limit', 'before asking for a card');
  assert.is(placeOrderBlock(d, { ...ok, summary: summary({ credit_debit_card: '25000.00' }) }), null, 'up to the limit');
  assert.is(placeOrderBlock({ ...d, payment: { kind: 'BANK', bank_location: 'UK', card_id: null } }, { ...ok, summary: summary({ credit_debit_card: '90000.00' }) }), null, 'no limit by bank');
  const collection = { ...defaultDraft('collection', me), billing_address: address(), payment: { kind: 'IN_STORE' as const, bank_location: null, card_id: null } };
  assert.is(placeOrderBlock(collection, { ...ok, cardNumberEntered: false }), null, 'no shipping address for collection');
});

test('the price is asked for once billing, payment (and for delivery shipping) are set and an email is known', () => {
  const card = { kind: 'CARD' as const, bank_location: null, card_id: null };
  const d: Draft = { ...defaultDraft('delivery', me), billing_address: address(), payment: card };
  assert.is(costsReady(d), false);
  assert.is(costsReady({ ...d, shipping_address: address() }), true);
  assert.is(costsReady({ ...d, shipping_address: address(), personal_information: { ...me, email: ' ' } }), false);
  assert.is(costsReady({ ...d, service: 'storage' }), true);
  assert.is(costsReady({ ...d, service: 'storage', payment: { kind: 'BANK', bank_location: null, card_id: null } }), false);
});

test('the recalculation key follows the spec\'s triggers and nothing else', () => {
  const d = fullDraft();
  const base = costsKey(d, '');
  const changed = (over: Partial<Draft>) => costsKey({ ...d, ...over }, '') !== base;
  assert.ok(changed({ insurance: true }));
  assert.ok(changed({ used_from_wallet: '5.00' }));
  assert.ok(changed({ storage_months: 6 }));
  assert.ok(changed({ discount_code: 'OTHER' }));
  assert.ok(changed({ payment: { kind: 'IN_STORE', bank_location: null, card_id: null } }));
  assert.ok(changed({ billing_address: address('EH2 2BB') }));
  assert.ok(changed({ shipping_address: address('G2 2BB') }));
  assert.ok(changed({ shipping_address: address('G1 1AA', 'france') }), 'the country decides the carrier');
  assert.ok(changed({ lots_from_storage: ['s1', 's2'] }));
  assert.ok(changed({ personal_information: { ...me, email: 'other@example.com' } }));
  assert.not.ok(changed({ note_from_customer: 'Something else' }), 'the note is not priced');
  assert.not.ok(changed({ billing_address: { ...address(), id: 'b1', street: '2 Low St' } }), 'a street change is not priced');
  assert.not.ok(changed({ personal_information: { ...me, first_name: 'Ann' } }));
  assert.ok(costsKey(d, cardKeyPart(cardDetails({ card_number: '4242 4242 4242 4242', expiry_date: '12/30', card_holder_name: 'I R', cvv: '123' }))) !== base);
});

test('card details recalculate 1.5 s after they are complete; other changes at once', () => {
  const d = { ...fullDraft(), payment: { kind: 'CARD' as const, bank_location: null, card_id: null } };
  const card = cardKeyPart(cardDetails({ card_number: '4242 4242 4242 4242', expiry_date: '12/30', card_holder_name: 'I R', cvv: '123' }));
  assert.is(recalcDelay(null, costsKey(d, '')), 0, 'the first price at once');
  assert.is(recalcDelay(costsKey(d, ''), costsKey(d, card)), CARD_RECALC_MS);
  assert.ok(recalcDelay(costsKey(d, card), costsKey(d, '')) < CARD_RECALC_MS, 'no longer complete: no wait');
  assert.ok(recalcDelay(costsKey(d, card), costsKey({ ...d, insurance: true }, card)) < CARD_RECALC_MS);
});

test('the body is the draft of the API: card details without spaces or slash, no shipping outside delivery', () => {
  const d = { ...fullDraft(), payment: { kind: 'CARD' as const, bank_location: null, card_id: null } };
  const card = cardDetails({ card_number: '4000 0000 0000 3220', expiry_date: '12/30', card_holder_name: ' Isla  Reid ', cvv: '123' });
  const body = draftBody(d, card);
  assert.equal(body.payment_method, { method: 'CARD', details: { card_number: '4000000000003220', expiry_date: '1230', card_holder_name: 'Isla Reid', cvv: '123' } });
  assert.equal(body.shipping_address?.zip_code, 'G1 1AA');
  assert.is(body.billing_address?.id, 'b1');
  assert.equal([body.insurance, body.discount_code, body.used_from_wallet, body.storage_type, body.storage_months], [false, 'SPRING', '10.00', 'months', 3]);
  assert.equal(draftBody(fullDraft(), card).payment_method.details, { card_id: 'card-1' }, 'a saved card goes by id');
  const bank = draftBody({ ...d, service: 'storage', payment: { kind: 'BANK', bank_location: 'UK', card_id: null } }, null);
  assert.equal(bank.payment_method, { method: 'UK_BANK', details: { bank_location: 'UK' } });
  assert.is('shipping_address' in bank, false);
  assert.is(bank.insurance, false);
  const collection = draftBody({ ...d, service: 'collection' }, null);
  assert.equal(collection.lots_from_storage, [], 'stored lots only for delivery and storage');
  const settle = draftBody({ ...d, service: 'wallet_settle' }, null);
  assert.equal([settle.used_from_wallet, settle.note_from_customer], ['0.00', '']);
});

test.run();
