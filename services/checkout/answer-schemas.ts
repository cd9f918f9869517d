/** The checkout's answers as zod schemas (docs/checkout-api.md): money as decimal strings, counts and percents as numbers. */
import { z } from 'zod';
import { money } from '../../infra/http/answers';

/** Every field of the price summary: pence as "12.50", counts and percents as numbers, vat_enabled as is. */
export const priceSummaryAnswer = z.object({
  items_count: z.number(),
  subtotal: money,
  buyers_commission_amount: money,
  vat_on_products_amount: money,
  buyers_commission_vat_amount: money,
  shipping_amount: money,
  insurance_amount: money,
  storage_amount: money,
  delivery_storage_amount: money,
  late_payment_fee_amount: money,
  late_storage_fee_amount: money,
  debt: money,
  total: money.describe('Everything owed before voucher, wallet and card surcharge.'),
  voucher_discount_amount: money,
  voucher_remainder_amount: money.describe('The part of the voucher above the total: credited to the wallet when the order is placed.'),
  used_from_wallet: money,
  credit_card_surcharge_amount: money,
  credit_debit_card: money.describe('What is left to pay by the payment method.'),
  buyers_commission_percent: z.number(),
  insurance_percent: z.number(),
  late_payment_fee_percent: z.number(),
  credit_card_surcharge_percent: z.number(),
  vat_enabled: z.boolean(),
}).meta({ id: 'PriceSummary' });

const photo = z.object({ file: z.string(), title: z.string() });

const checkoutLotAnswer = z.object({
  id: z.string(), reference_no: z.string(), slug: z.string(), title: z.string(), photos: z.array(photo),
  vat_enabled: z.boolean(), auction_id: z.string(), auction_end_date: z.string(),
});

export const wonItemSchema = z.object({ lot: checkoutLotAnswer, price_paid: money, buyers_premium: money });
export const storedItemSchema = z.object({ lot: checkoutLotAnswer.extend({ storage_expiration_date: z.string() }) });

export const storagePeriodAnswer = z.object({ key: z.string(), value: z.number(), amount: money, storage_type: z.enum(['days', 'months']) });

export const discountAnswer = z.object({ discount_code: z.string(), kind: z.string(), value: z.string(), detail: z.string() });

export const draftCostsAnswer = priceSummaryAnswer.extend({ carrier: z.string().nullable() });

export const orderSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  status: z.string(),
  reference_no: z.string(),
  create_pdf: z.string(),
  download_link: z.string(),
  lots: z.array(z.object({
    title: z.string(), lot_id: z.string(), subtitle: z.string(), total: money, item_image: z.string().nullable(), reference_no: z.string(), from_storage: z.boolean(),
  })),
  costs: priceSummaryAnswer,
  summary: z.object({
    total: money, product_total: money, buyers_premium: money, shipping_amount: money, insurance_amount: money, voucher_discount_amount: money,
  }),
  order_number: z.string(),
  service: z.string(),
  carrier: z.string().nullable().describe('Who delivers a delivery order (DPD, DHL, UPS); null otherwise.'),
  payment_method: z.string().nullable(),
  amount_due: money,
  paid_at: z.string().nullable(),
}).meta({ id: 'Order' });

export const ordersHistoryAnswer = z.object({ count: z.number().int(), amount: money, count_page: z.number().int(), results: z.array(orderSchema) });


export const staffOrderSchema = orderSchema.extend({
  user: z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  paid_method: z.string().nullable(),
  paid_reference: z.string().nullable(),
  next_statuses: z.array(z.string()),
  voucher_code: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});

export const staffVoucherAnswer = z.object({
  code: z.string(), kind: z.string(), value: z.string(), expires_at: z.string().nullable(), max_uses: z.number().nullable(),
  once_per_user: z.boolean(), uses: z.number(), uses_left: z.number().nullable(), issued_by: z.string().nullable(), created_at: z.string(),
});

export const lotCostsAnswer = z.object({
  hammer: money, buyers_premium: money, vat_on_premium: money, vat_on_hammer: money, credit_card_surcharge: money,
  insurance: money, shipping: money, carrier: z.string(), total: money, country: z.string(), deliverable: z.boolean(),
});

export const unpaidNoticeAnswer = z.object({
  unpaid_lots_to_notify: z.boolean(),
  count: z.number().int(),
  lots: z.array(z.object({ id: z.string(), title: z.string(), reference_no: z.string() })),
});
