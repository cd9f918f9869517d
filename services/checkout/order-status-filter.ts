/**
 * The order status as requests name it: one status (the staff's status change, services/orders/staff-routes.ts), and
 * the order lists' `status` filter built on it (the buyer's history and the staff list; an empty value is no filter).
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../../domain/orders/events';

export const orderStatus = z.enum(ORDER_STATUSES, { error: 'Choose one of the order statuses.' });

export const orderStatusFilter = z.preprocess((v) => (v === '' ? undefined : v), orderStatus.optional());
