/**
 * The buyer's lines for one lot at a given hammer (the lot page and POST /api/get_lot_costs/{id}/): what the
 * checkout would charge for that lot alone, paid on time and delivered to `carrier`'s zone. Same rates and
 * rounding as the price summary (a one-lot delivery summary has the same lines; tested).
 */
import { percentOf, type Pence } from '../shared/money';
import { goodsLines } from './goods';
import { CARD_SURCHARGE_BP, INSURANCE_BP } from './rates';
import { isDeliverable, shippingPence } from './shipping';
import type { Carrier, PaymentMethod } from './types';

interface LotCostsInput {
  hammer_pence: Pence;
  vat_enabled: boolean;
  /** The zone of the chosen country; null (not known) or Non Deliverable Zone: no shipping and no insurance. */
  carrier: Carrier | null;
  payment_method: PaymentMethod | null;
  /** Delivery insurance (the checkout's default is on). */
  insurance: boolean;
}

interface LotCosts {
  hammer: Pence;
  buyers_premium: Pence;
  vat_on_premium: Pence;
  vat_on_hammer: Pence;
  credit_card_surcharge: Pence;
  insurance: Pence;
  shipping: Pence;
  total: Pence;
  /** False when the carrier is a Non Deliverable Zone or unknown: shipping and insurance are then 0. */
  deliverable: boolean;
}

export function lotCosts(input: LotCostsInput): LotCosts {
  const goods = goodsLines([{ hammer_pence: input.hammer_pence, vat_enabled: input.vat_enabled }]);
  const deliverable = isDeliverable(input.carrier);
  const shipping = deliverable ? shippingPence(input.carrier, 1) : 0;
  const insurance = deliverable && input.insurance ? percentOf(goods.subtotal + goods.buyers_premium, INSURANCE_BP) : 0;
  const beforeSurcharge = goods.subtotal + goods.buyers_premium + goods.vat_on_premium + goods.vat_on_hammer + insurance + shipping;
  const surcharge = input.payment_method === 'CARD' ? percentOf(beforeSurcharge, CARD_SURCHARGE_BP) : 0;
  return {
    hammer: goods.subtotal,
    buyers_premium: goods.buyers_premium,
    vat_on_premium: goods.vat_on_premium,
    vat_on_hammer: goods.vat_on_hammer,
    credit_card_surcharge: surcharge,
    insurance,
    shipping,
    total: beforeSurcharge + surcharge,
    deliverable,
  };
}
