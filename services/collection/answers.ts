/** The collection's answers (zod), as docs/api.md "Collection" shows them. */
import { z } from 'zod';
import { money } from '../../infra/http/answers';
import { pageAnswer } from '../../infra/http/pagination';

const n = z.number().nullable();

/** One item with its estimated auction value. */
export const collectionItemAnswer = z.object({
  id: z.string(),
  source: z.string(),
  lot_id: z.string().nullable(),
  order_id: z.string().nullable(),
  title: z.string(),
  subtitle: z.string(),
  distillery: z.string(),
  type: z.string(),
  age: n,
  volume_ml: n,
  abv: n,
  bottled_year: n,
  photo: z.string().nullable(),
  cask: z.object({
    cask_type: z.string().nullable(), cask_number: z.string().nullable(), bulk_litres: n, abv: n, regauge_date: z.string().nullable(), rla: n,
  }).nullable(),
  price_paid: money.nullable(),
  date: z.string(),
  added_at: z.string(),
  estimated_auction_value: money,
  estimated_value_method: z.enum(['same_item', 'same_bottling', 'estimate', 'price_paid', 'none']),
  estimated_value_sales: z.number().int(),
  last_sale_at: z.string().nullable(),
}).meta({ id: 'CollectionItem' });

export const collectionPageAnswer = pageAnswer(collectionItemAnswer).extend({ total_value: money, total_price_paid: money });

export const removedAnswer = z.object({ detail: z.string(), removed: z.array(z.string()), count: z.number().int(), total_value: money });

export const totalAnswer = z.object({ count: z.number().int(), total_value: money, total_price_paid: money, gain: money });

export const graphAnswer = z.object({ results: z.array(z.object({ month: z.string(), date: z.string(), value: money })), total_value: money });
