/** The answers of the address book and the reference data (zod), as docs/checkout-api.md shows them. */
import { z } from 'zod';
import { ADDRESS_TYPES } from '../../domain/addresses/events';
import { money } from '../../infra/http/answers';

const carrier = z.enum(['DPD', 'DHL', 'UPS', 'Non Deliverable Zone']);

/** An address as the API answers it. */
export const addressAnswer = z.object({
  id: z.string(),
  addr_type: z.enum(ADDRESS_TYPES),
  user: z.string(),
  country: z.string().describe('Country slug ("united-kingdom").'),
  region: z.string(),
  city: z.string(),
  street: z.string(),
  apartment: z.string(),
  zip_code: z.string(),
  name: z.string(),
  company: z.string(),
  phone_number: z.string(),
  /** The carrier of the address's country (its shipping zone), or "Non Deliverable Zone". */
  type_delivery: carrier.nullable(),
  is_default: z.boolean(),
  isLastModifyed: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'Address' });

export const countryAnswer = z.object({ name: z.string(), slug: z.string(), code: z.string(), delivery: carrier });
export const divisionsAnswer = z.object({ country: z.string(), delivery: carrier, regions: z.array(z.object({ name: z.string(), code: z.string() })) });
export const shippingCountryAnswer = z.object({ slug: z.string(), name: z.string() });
/** Pairs, code first: `["GBP", "British Pound"]`. */
export const currencyAnswer = z.array(z.string()).length(2).describe('[code, name]');

export const shippingEstimateAnswer = z.object({
  carriers: z.array(z.object({ name: carrier.exclude(['Non Deliverable Zone']), first_bottle: money, each_further: money })),
  result: z.object({ carrier, amount: money, insurance: money, deliverable: z.boolean() }),
});
