import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '../../services/catalogue/seed/random';
import { lotCosts } from './lot-costs';
import { priceSummary } from './price-summary';
import { draft, won } from './test-fixtures';
import type { Carrier, PaymentMethod } from './types';

test('a £100 VAT lot to the UK, insured, paid by card', () => {
  assert.equal(lotCosts({ hammer_pence: 10000, vat_enabled: true, carrier: 'DPD', payment_method: 'CARD', insurance: true }), {
    hammer: 10000, buyers_premium: 1250, vat_on_premium: 250, vat_on_hammer: 2000,
    insurance: 338, // 3% of 11250 = 337.5
    shipping: 1250,
    credit_card_surcharge: 453, // 3% of 15088 = 452.64
    total: 15541,
    deliverable: true,
  });
});

test('no VAT on the hammer of a non-VAT lot, no surcharge off card, no insurance when declined', () => {
  const c = lotCosts({ hammer_pence: 10000, vat_enabled: false, carrier: 'UPS', payment_method: 'UK_BANK', insurance: false });
  assert.equal([c.vat_on_hammer, c.credit_card_surcharge, c.insurance, c.shipping, c.total], [0, 0, 0, 6000, 17500]);
  assert.is(lotCosts({ hammer_pence: 10000, vat_enabled: false, carrier: 'DHL', payment_method: null, insurance: true }).credit_card_surcharge, 0);
});

test('a Non Deliverable Zone or an unknown country: no shipping, no insurance, flagged', () => {
  for (const carrier of ['Non Deliverable Zone', null] as const) {
    const c = lotCosts({ hammer_pence: 10000, vat_enabled: false, carrier, payment_method: null, insurance: true });
    assert.equal([c.shipping, c.insurance, c.deliverable, c.total], [0, 0, false, 11500]);
  }
});

test('the lot costs are exactly what a one-lot delivery checkout charges (random hammers)', () => {
  const random = seededRandom(8);
  for (let i = 0; i < 2000; i++) {
    const input = {
      hammer_pence: random.int(0, 5_000_000),
      vat_enabled: random.chance(0.3),
      carrier: random.pick<Carrier>(['DPD', 'DHL', 'UPS']),
      payment_method: random.pick<PaymentMethod>(['CARD', 'UK_BANK', 'INT_BANK', 'IN_STORE']),
      insurance: random.chance(0.7),
    };
    const c = lotCosts(input);
    const s = priceSummary(draft({ service: 'delivery', won_lots: [won(input.hammer_pence, { vat_enabled: input.vat_enabled })], ...input }));
    assert.equal(
      [c.buyers_premium, c.vat_on_premium, c.vat_on_hammer, c.insurance, c.shipping, c.credit_card_surcharge, c.total],
      [s.buyers_commission_amount, s.buyers_commission_vat_amount, s.vat_on_products_amount, s.insurance_amount, s.shipping_amount, s.credit_card_surcharge_amount, s.credit_debit_card],
      JSON.stringify(input),
    );
  }
});

test.run();
