/** The `status` filter of the order lists: the buyer's history and the staff list (an empty value is no filter). */
import { z } from 'zod';
import type { OrderStatus } from '../../domain/orders/events';

const ORDER_STATUSES: readonly OrderStatus[] = [
  'awaiting_payment', 'paid', 'processing', 'shipped', 'ready_for_collection', 'collected', 'stored', 'cancelled',
];

export const orderStatusFilter = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]], { error: 'Choose one of the order statuses.' }).optional(),
);
