/**
 * GET /api/shipping_info/: the /shipping-info page's figures, from the same rules the checkout prices with
 * (domain/checkout: carrier zones, carrier prices, insurance, storage), so the page can never disagree with a bill.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answers, money } from '../../infra/http/answers';
import { COUNTRIES } from '../../domain/addresses/countries';
import { carrierForCode, NON_DELIVERABLE_ZONE, UK_ZONE } from '../../domain/checkout/shipping-zones';
import { CARRIER_PRICES, NOT_DELIVERABLE_MESSAGE, type DeliverableCarrier } from '../../domain/checkout/shipping';
import { asPercent, INSURANCE_BP, PAYMENT_DUE_DAYS } from '../../domain/checkout/rates';
import { FREE_STORAGE_DAYS, LATE_STORAGE_FEE_PENCE_PER_DAY, STORAGE_FEE_PENCE_PER_MONTH, STORAGE_MONTH_DAYS, STORAGE_MONTH_OPTIONS } from '../../domain/checkout/storage';
import { penceToDecimal } from '../../domain/shared/money';

const ZONES: { carrier: DeliverableCarrier; zone: string }[] = [
  { carrier: 'DPD', zone: 'United Kingdom, Isle of Man and Channel Islands' },
  { carrier: 'DHL', zone: 'Europe' },
  { carrier: 'UPS', zone: 'Rest of the world' },
];

export const shippingInfoAnswer = z.object({
  currency: z.string(),
  zones: z.array(z.object({
    zone: z.string(), carrier: z.enum(['DPD', 'DHL', 'UPS']), first_bottle: money, each_further_bottle: money, country_count: z.number().int(),
    countries: z.array(z.string()).nullable(),
  })),
  non_deliverable: z.array(z.object({ code: z.string(), country: z.string(), reason: z.string() })),
  non_deliverable_message: z.string(),
  insurance_percent: z.number(),
  payment_due_days: z.number().int(),
  storage: z.object({
    free_days: z.number().int(), fee_per_lot_per_period: money, period_days: z.number().int(), month_options: z.array(z.number().int()), late_fee_per_lot_per_day: money,
  }),
});

function shippingInfo(): z.infer<typeof shippingInfoAnswer> {
  const nameOf = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;
  return {
    currency: 'GBP',
    zones: ZONES.map(({ carrier, zone }) => ({
      zone, carrier,
      first_bottle: penceToDecimal(CARRIER_PRICES[carrier].first_bottle),
      each_further_bottle: penceToDecimal(CARRIER_PRICES[carrier].each_further),
      country_count: COUNTRIES.filter((c) => carrierForCode(c.code) === carrier).length,
      // The UK zone is short enough to list; the others are "every country in Europe / elsewhere".
      countries: carrier === 'DPD' ? UK_ZONE.map(nameOf) : null,
    })),
    non_deliverable: NON_DELIVERABLE_ZONE.map((n) => ({ code: n.code, country: nameOf(n.code), reason: n.reason })),
    non_deliverable_message: NOT_DELIVERABLE_MESSAGE,
    insurance_percent: asPercent(INSURANCE_BP),
    payment_due_days: PAYMENT_DUE_DAYS,
    storage: {
      free_days: FREE_STORAGE_DAYS,
      fee_per_lot_per_period: penceToDecimal(STORAGE_FEE_PENCE_PER_MONTH),
      period_days: STORAGE_MONTH_DAYS,
      month_options: [...STORAGE_MONTH_OPTIONS],
      late_fee_per_lot_per_day: penceToDecimal(LATE_STORAGE_FEE_PENCE_PER_DAY),
    },
  };
}

export function shippingInfoRoutes(app: FastifyInstance): void {
  app.get('/api/shipping_info/', { schema: { summary: 'Shipping information page', response: answers({ 200: shippingInfoAnswer }) } }, async () => shippingInfo());
}
