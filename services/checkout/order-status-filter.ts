/** The `status` filter of the order lists: the buyer's history and the staff list (an empty value is no filter). */
import { z } from 'zod';
import { ORDER_STATUSES } from '../../domain/orders/events';

export const orderStatusFilter = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(ORDER_STATUSES, { error: 'Choose one of the order statuses.' }).optional(),
);
