/** The checkout and order read models (orders, lot purchases, vouchers), registered together in projections/index.ts. */
import type { Projection } from '../projection';
import { ordersProjection } from './orders-projection';
import { lotPurchasesProjection } from './lot-purchases-projection';
import { vouchersProjection } from './vouchers-projection';

export const orderProjections: Projection[] = [ordersProjection, lotPurchasesProjection, vouchersProjection];
