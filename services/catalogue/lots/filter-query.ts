/**
 * The query of the lot listings (GET /api/lots/filters/ and its counters, GET /api/lots/): zod schemas and the
 * parsed filter. Array filters come as repeated keys (`distillery=a&distillery=b`).
 */
import { z } from 'zod';
import { queryBool, repeated } from '../../../infra/http/validation';
import { caskFilterFields, checkCaskRanges } from './cask-filter';

export const ORDERINGS = ['-price', 'price', 'name', '-name', '-id', 'id'] as const;
export type Ordering = (typeof ORDERINGS)[number];

export const LISTING_PAGE_SIZES = [40, 80, 100, 120] as const;

/** The facet value of lots whose distillery has no region (spec 2: a missing region means "rest of world"). */
export const REST_OF_WORLD = 'Rest of World';

const DAY_MS = 86_400_000;

/** A day (YYYY-MM-DD, the whole day included) or an ISO instant. */
const dateBound = (edge: 'min' | 'max') =>
  z.string().trim().transform((value, ctx) => {
    const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
    const ms = Date.parse(dayOnly ? `${value}T00:00:00.000Z` : value);
    if (!Number.isFinite(ms) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid date (YYYY-MM-DD).' });
      return z.NEVER;
    }
    // The max bound is exclusive inside: the day after a given day, or just after a given instant.
    return new Date(edge === 'max' ? ms + (dayOnly ? DAY_MS : 1) : ms);
  });

const text = z.string().trim().min(1).max(120);

export const lotFilterFields = {
  live: queryBool.optional(),
  past: queryBool.optional(),
  featured: queryBool.optional(),
  still_on_bidding: queryBool.optional(),
  vat_enabled: queryBool.optional(),
  min_end_date: dateBound('min').optional(),
  max_end_date: dateBound('max').optional(),
  distillery: repeated(text),
  region: repeated(text),
  type: repeated(z.enum(['bottle', 'cask'], { message: 'Choose bottle or cask.' })),
  auction: repeated(z.string().uuid({ message: 'Enter a valid auction id.' })),
  year: repeated(z.coerce.number().int().min(2000).max(2100)),
  age_min: z.coerce.number().int().min(0).max(200).optional(),
  age_max: z.coerce.number().int().min(0).max(200).optional(),
  ...caskFilterFields,
};

// Each query object checks the cask ranges (min <= max) itself: spreading the fields cannot carry an object check.
export const lotFilterSchema = z.object(lotFilterFields).superRefine(checkCaskRanges);
export type LotFilter = z.infer<typeof lotFilterSchema>;

export const listingPageSize = z.coerce
  .number()
  .int()
  .refine((n) => (LISTING_PAGE_SIZES as readonly number[]).includes(n), { message: 'Choose a page size of 40, 80, 100 or 120.' })
  .default(40);

export const orderingParam = z.enum(ORDERINGS, { message: `Choose one of: ${ORDERINGS.join(', ')}.` });

/** GET /api/lots/filters/: filters, ordering and the listing page sizes. */
export const listingQuery = z.object({
  ...lotFilterFields,
  ordering: orderingParam.default('-price'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: listingPageSize,
  filter_counters: queryBool.optional(),
}).superRefine(checkCaskRanges);

/** GET /api/lots/: the same filters, any page size up to 120 (the featured block asks for 6). */
export const lotsQuery = z.object({
  ...lotFilterFields,
  ordering: orderingParam.default('-id'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(120).default(40),
}).superRefine(checkCaskRanges);
