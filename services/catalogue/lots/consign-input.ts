/**
 * The body of POST /api/staff/lots/ (flat item fields, money in pounds) and its translation into the domain's
 * ConsignLot command. Domain field names (`*_pence`, `item.*`) are mapped back to the API's names in errors.
 */
import { z } from 'zod';
import { moneyInput } from '../money-input';
import type { ConsignLot } from '../../../domain/catalogue/lot/commands';
import { DEFAULT_RESERVE_FEE_PENCE } from '../../../domain/catalogue/lot/consign-lot';
import { ValidationError, type FieldErrors } from '../../../domain/shared/errors';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const instant = z.iso.datetime({ offset: true, message: 'Enter a valid date and time (ISO 8601).' });
const distillery = z.object({
  name: z.string().trim().min(1, 'This field is required').max(120),
  region: optionalText(80),
});

// The fee is a product rule (domain); re-exported for this slice's users.
export { DEFAULT_RESERVE_FEE_PENCE };

export const consignBody = z.object({
  auction: z.string().uuid({ message: 'Enter a valid auction id.' }),
  seller: z.string().uuid({ message: 'Enter a valid user id.' }),
  reference_no: z.string().trim().min(1).max(40).optional(),
  title: z.string().trim().min(1, 'This field is required').max(200),
  subtitle: z.string().trim().max(200).default(''),
  description: z.string().trim().max(10_000).default(''),
  distillery,
  estimated_value: moneyInput,
  photos: z.array(z.object({ file: z.string().trim().min(1).max(500), title: z.string().trim().max(200).default('') })).max(30).default([]),
  type: z.enum(['bottle', 'cask'], { message: 'Choose bottle or cask.' }).default('bottle'),
  age: z.number().int().min(0).max(200).nullable().optional(),
  volume_ml: z.number().int().min(1).max(2_000_000).nullable().optional(),
  abv: z.number().min(0).max(100).nullable().optional(),
  cask_type: optionalText(120),
  cask_number: optionalText(60),
  bottled_at: optionalText(40),
  distilled_at: optionalText(40),
  // Cask lots only (ignored for bottles): bulk litres at the last regauge and its date; RLA is computed from them.
  bulk_litres: z.number().min(0).max(2_000).nullable().optional(),
  regauge_date: z.iso.date({ message: 'Enter a valid date (YYYY-MM-DD).' }).nullable().optional(),
  reserve_price: moneyInput.nullable().optional(),
  reserve_fee: moneyInput.optional(),
  opening_bid: moneyInput.optional(),
  vat_enabled: z.boolean().default(false),
  featured: z.boolean().default(false),
  warehouse: z.object({ id: z.string().trim().min(1).max(100), name: z.string().trim().min(1).max(200) }).nullable().default(null),
  is_group_lot: z.boolean().default(false),
  group_items: z.array(z.object({ title: z.string().trim().min(1).max(200), distillery })).max(50).default([]),
  custom_title: optionalText(200),
  custom_subtitle: optionalText(200),
  custom_description: optionalText(10_000),
  starts_at: instant.optional(),
  ends_at: instant.optional(),
});

export type ConsignBody = z.infer<typeof consignBody>;

export interface ConsignContext {
  lotId: string;
  referenceNo: string;
  auctionStart: Date;
  auctionEnd: Date;
  staffId: string;
  now: Date;
  newId(): string;
}

export function toConsignCommand(b: ConsignBody, c: ConsignContext): ConsignLot {
  const reserve = b.reserve_price ?? null;
  return {
    type: 'ConsignLot',
    lot_id: c.lotId,
    auction_id: b.auction,
    seller_id: b.seller,
    reference_no: c.referenceNo,
    item: {
      title: b.title,
      subtitle: b.subtitle,
      description: b.description,
      distillery: { name: b.distillery.name, region: b.distillery.region || null },
      estimated_value_pence: b.estimated_value,
      photos: b.photos,
      type: b.type,
      age: b.age ?? null,
      volume_ml: b.volume_ml ?? null,
      abv: b.abv ?? null,
      cask_type: b.cask_type || null,
      cask_number: b.cask_number || null,
      bottled_at: b.bottled_at || null,
      distilled_at: b.distilled_at || null,
      ...(b.type === 'cask' ? { bulk_litres: b.bulk_litres ?? null, regauge_date: b.regauge_date ?? null } : {}),
    },
    reserve_price_pence: reserve,
    reserve_fee_pence: b.reserve_fee ?? (reserve ? DEFAULT_RESERVE_FEE_PENCE : 0),
    opening_bid_pence: b.opening_bid ?? null,
    vat_enabled: b.vat_enabled,
    warehouse: b.warehouse,
    is_group_lot: b.is_group_lot,
    group_items: b.group_items.map((g) => ({ id: c.newId(), title: g.title, distillery: { name: g.distillery.name, region: g.distillery.region || null } })),
    custom_title: b.custom_title || null,
    custom_subtitle: b.custom_subtitle || null,
    custom_description: b.custom_description || null,
    featured: b.featured,
    starts_at: b.starts_at ?? c.auctionStart.toISOString(),
    ends_at: b.ends_at ?? c.auctionEnd.toISOString(),
    by: c.staffId,
    now: c.now.toISOString(),
  };
}

const API_FIELD: Record<string, string> = {
  'item.title': 'title',
  'item.estimated_value_pence': 'estimated_value',
  opening_bid_pence: 'opening_bid',
  reserve_price_pence: 'reserve_price',
  reserve_fee_pence: 'reserve_fee',
  auction_id: 'auction',
  seller_id: 'seller',
};

/** The domain speaks pence and nested item names; the staff form speaks the API's field names. */
export function toApiFieldErrors(error: unknown): unknown {
  if (!(error instanceof ValidationError)) return error;
  const fields: FieldErrors = {};
  for (const [key, messages] of Object.entries(error.fields)) {
    const field = API_FIELD[key] ?? key;
    fields[field] = [...(fields[field] ?? []), ...messages];
  }
  return new ValidationError(fields, error.message);
}
